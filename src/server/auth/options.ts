/**
 * next-auth configuration: Google (discovery URL overridable for tests) and, on the embedded
 * defaults only, a development sign-in by email. Sessions carry only the user id: credits and
 * premium are always read from the database.
 */
import type { NextAuthOptions } from 'next-auth';
import CredentialsProvider from 'next-auth/providers/credentials';
import GoogleProvider from 'next-auth/providers/google';
import { z } from 'zod';
import { getEnv, type Env } from '~/env';
import { getDb } from '~/server/db/client';
import { isSuspended } from '~/server/services/suspension';
import { findOrCreateUserByEmail } from '~/server/services/users';
import { SIGN_IN_PATH } from '~/utils/auth-pages';
import { DEV_SIGNIN_PROVIDER_ID } from '~/utils/auth-provider-ids';
import { studioAdapter } from './adapter';


const devCredentials = z.object({ email: z.email().max(254) });

let cached: { env: Env; options: NextAuthOptions } | undefined;

/** Built once per environment (tests switch it; a deployment reads it once). */
export function getAuthOptions(): NextAuthOptions {
  const env = getEnv();
  if (cached?.env !== env) cached = { env, options: buildAuthOptions(env) };
  return cached.options;
}

function buildAuthOptions(env: Env): NextAuthOptions {
  const providers: NextAuthOptions['providers'] = [];
  if (env.googleConfigured) {
    providers.push(
      GoogleProvider({
        clientId: env.GOOGLE_CLIENT_ID!,
        clientSecret: env.GOOGLE_CLIENT_SECRET!,
        ...(env.GOOGLE_WELL_KNOWN_URL ? { wellKnown: env.GOOGLE_WELL_KNOWN_URL } : {}),
      }),
    );
  }
  if (env.devSignIn) {
    providers.push(
      CredentialsProvider({
        id: DEV_SIGNIN_PROVIDER_ID,
        name: 'Development sign-in',
        credentials: { email: { label: 'Email', type: 'email' } },
        async authorize(credentials) {
          const parsed = devCredentials.safeParse({ email: credentials?.email?.trim() });
          if (!parsed.success) return null;
          const user = await findOrCreateUserByEmail(await getDb(), { email: parsed.data.email });
          return { id: user.id, email: user.email, name: user.name, image: user.image };
        },
      }),
    );
  }
  return {
    adapter: studioAdapter(getDb),
    providers,
    secret: env.secret,
    session: { strategy: 'jwt', maxAge: 30 * 24 * 60 * 60 },
    pages: { signIn: SIGN_IN_PATH, error: SIGN_IN_PATH },
    callbacks: {
      // A suspended account cannot sign in (next-auth answers AccessDenied, which the sign-in page words).
      async signIn({ user }) {
        return !(await isSuspended(await getDb(), user.id));
      },
      jwt({ token, user }) {
        if (user?.id) token.sub = user.id;
        return token;
      },
      session({ session, token }) {
        if (session.user && token.sub) (session.user as { id?: string }).id = token.sub;
        return session;
      },
    },
  };
}
