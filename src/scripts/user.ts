/**
 * npm run user -- --email someone@example.com [--grant 500] [--premium true|false] [--note "..."]
 * Creates the user if needed (with the starting grant), grants credits through the ledger and
 * sets the premium flag. Works on the embedded database or on DATABASE_URL.
 */
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { getDb } from '~/server/db/client';
import { grantCredits } from '~/server/services/credits/ledger';
import { findOrCreateUserByEmail } from '~/server/services/users';

const argsSchema = z.object({
  email: z.email({ message: '--email must be an email address' }),
  grant: z.coerce.number().int().positive({ message: '--grant must be a positive whole number' }).optional(),
  premium: z.enum(['true', 'false']).optional(),
  note: z.string().optional(),
});

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { email: { type: 'string' }, grant: { type: 'string' }, premium: { type: 'string' }, note: { type: 'string' } },
  });
  const parsed = argsSchema.safeParse(values);
  if (!parsed.success) {
    console.error(`Usage: npm run user -- --email <email> [--grant <credits>] [--premium true|false]\n${parsed.error.issues.map((i) => i.message).join('\n')}`);
    process.exit(2);
  }
  const { email, grant, premium, note } = parsed.data;
  const db = await getDb();
  const user = await findOrCreateUserByEmail(db, { email });
  if (grant) await grantCredits(db, user.id, grant, { reason: 'admin_grant', note: note ?? 'Granted from the command line' });
  if (premium) await db.user.update({ where: { id: user.id }, data: { premium: premium === 'true' } });
  const after = await db.user.findUniqueOrThrow({ where: { id: user.id } });
  console.log(`${after.email}: ${after.credits} credits, ${after.premium ? 'premium' : 'free'}`);
}

main()
  .then(() => process.exit(0))
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  });
