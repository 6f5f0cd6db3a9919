/** Finding and creating studio users. A new user gets the starting grant once per e-mail (starting-credits.ts). */
import type { Db } from '~/server/db/client';
import { AppError } from '~/server/errors';
import { isRole } from '~/utils/staff-roles';
import { grantStartingCreditsOnce } from './starting-credits';

/** What the doors (server/auth/signed-in.ts) need of a user's row, read on every signed-in call. */
export type AccountRow = { premium: boolean; role: string; suspendedAt: Date | null; lastSeenAt: Date | null };

export type NewUser = { email: string; name?: string | null; image?: string | null; emailVerified?: Date | null };

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function createUserWithGrant(db: Db, input: NewUser) {
  const email = normaliseEmail(input.email);
  return db.$transaction(async (tx) => {
    const user = await tx.user.create({
      data: { email, name: input.name ?? null, image: input.image ?? null, emailVerified: input.emailVerified ?? null },
    });
    await grantStartingCreditsOnce(tx, user);
    return tx.user.findUniqueOrThrow({ where: { id: user.id } });
  });
}

export async function findOrCreateUserByEmail(db: Db, input: NewUser) {
  const email = normaliseEmail(input.email);
  const existing = await db.user.findUnique({ where: { email } });
  if (existing) return existing;
  try {
    return await createUserWithGrant(db, { ...input, email });
  } catch (error) {
    // Two first sign-ins racing: the loser reads the winner's row (and its single grant).
    const raced = await db.user.findUnique({ where: { email } });
    if (raced) return raced;
    throw error;
  }
}

/**
 * id, credits, premium and role as the database has them (never from the session token); a vanished
 * user is signed out. The role shows staff the header's way into the console.
 */
export async function readUserDetails(db: Db, userId: string) {
  const user = await db.user.findUnique({
    where: { id: userId },
    select: { id: true, email: true, name: true, image: true, credits: true, premium: true, role: true },
  });
  if (!user) throw new AppError('unauthorized');
  return { ...user, role: isRole(user.role) ? user.role : 'user' };
}

/** Whether the caller is premium now: read from the database on every call, never from the session. Nobody signed in is not. */
export async function isPremium(db: Db, userId: string | null): Promise<boolean> {
  if (!userId) return false;
  const row = await db.user.findUnique({ where: { id: userId }, select: { premium: true } });
  return row?.premium ?? false;
}
