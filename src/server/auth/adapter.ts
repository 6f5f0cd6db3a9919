/**
 * next-auth adapter over our Prisma client. Sessions are JWTs (the development sign-in is a
 * credentials provider, which next-auth only allows with JWTs), so this adapter stores users and
 * their linked Google accounts; session methods are still implemented for completeness.
 */
import type { Adapter, AdapterAccount, AdapterUser } from 'next-auth/adapters';
import type { Db } from '~/server/db/client';
import { createUserWithGrant } from '~/server/services/users';

type UserRow = { id: string; email: string; name: string | null; image: string | null; emailVerified: Date | null };

function toAdapterUser(row: UserRow): AdapterUser {
  return { id: row.id, email: row.email, name: row.name, image: row.image, emailVerified: row.emailVerified };
}

export function studioAdapter(getDb: () => Promise<Db>): Adapter {
  return {
    async createUser(user: Omit<AdapterUser, 'id'>) {
      const db = await getDb();
      return toAdapterUser(await createUserWithGrant(db, user));
    },
    async getUser(id) {
      const row = await (await getDb()).user.findUnique({ where: { id } });
      return row ? toAdapterUser(row) : null;
    },
    async getUserByEmail(email) {
      const row = await (await getDb()).user.findUnique({ where: { email: email.toLowerCase() } });
      return row ? toAdapterUser(row) : null;
    },
    async getUserByAccount({ provider, providerAccountId }) {
      const account = await (await getDb()).account.findUnique({
        where: { provider_providerAccountId: { provider, providerAccountId } },
        include: { user: true },
      });
      return account ? toAdapterUser(account.user) : null;
    },
    async updateUser({ id, ...data }) {
      const row = await (await getDb()).user.update({
        where: { id },
        data: { name: data.name, image: data.image, emailVerified: data.emailVerified },
      });
      return toAdapterUser(row);
    },
    async deleteUser(id) {
      await (await getDb()).user.delete({ where: { id } });
    },
    async linkAccount(account: AdapterAccount) {
      await (await getDb()).account.create({
        data: {
          userId: account.userId,
          type: account.type,
          provider: account.provider,
          providerAccountId: account.providerAccountId,
          refresh_token: account.refresh_token ?? null,
          access_token: account.access_token ?? null,
          expires_at: account.expires_at ?? null,
          token_type: account.token_type ?? null,
          scope: account.scope ?? null,
          id_token: account.id_token ?? null,
          session_state: typeof account.session_state === 'string' ? account.session_state : null,
        },
      });
    },
    async unlinkAccount({ provider, providerAccountId }: Pick<AdapterAccount, 'provider' | 'providerAccountId'>) {
      await (await getDb()).account.delete({ where: { provider_providerAccountId: { provider, providerAccountId } } });
    },
    async createSession(session) {
      return (await getDb()).session.create({ data: session });
    },
    async getSessionAndUser(sessionToken) {
      const row = await (await getDb()).session.findUnique({ where: { sessionToken }, include: { user: true } });
      if (!row) return null;
      const { user, ...session } = row;
      return { session, user: toAdapterUser(user) };
    },
    async updateSession({ sessionToken, ...data }) {
      return (await getDb()).session.update({ where: { sessionToken }, data });
    },
    async deleteSession(sessionToken) {
      await (await getDb()).session.delete({ where: { sessionToken } });
    },
  };
}
