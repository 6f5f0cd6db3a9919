/** The benchmark's signed-in user: premium (no queue wait), 10,000,000 credits, and their session cookie. */
import { encode } from 'next-auth/jwt';
import type { Db } from '~/server/db/client';
import { grantCredits } from '~/server/services/credits/ledger';

export async function premiumBenchUser(db: Db, secret: string): Promise<{ id: string; cookie: string }> {
  const user = await db.user.create({ data: { email: 'bench@example.test', premium: true } });
  await grantCredits(db, user.id, 10_000_000, { reason: 'admin_grant', note: 'benchmark' });
  return { id: user.id, cookie: `next-auth.session-token=${await encode({ token: { sub: user.id, email: user.email }, secret })}` };
}
