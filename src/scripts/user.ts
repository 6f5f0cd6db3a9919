/**
 * npm run user -- --email someone@example.com [--grant 500] [--premium true|false] [--role user|support|admin] [--note "..."]
 * Creates the user if needed (with the starting grant), grants credits through the ledger, sets
 * the premium flag and the role. Works on the embedded database or on DATABASE_URL. It is the only
 * way to make the first admin: from there, admins change roles in the console.
 */
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { getDb } from '~/server/db/client';
import { grantCredits } from '~/server/services/credits/ledger';
import { findOrCreateUserByEmail } from '~/server/services/users';
import { ROLES } from '~/utils/staff-roles';

const argsSchema = z.object({
  email: z.email({ message: '--email must be an email address' }),
  grant: z.coerce.number().int().positive({ message: '--grant must be a positive whole number' }).optional(),
  premium: z.enum(['true', 'false']).optional(),
  role: z.enum(ROLES, { message: `--role must be one of ${ROLES.join(', ')}` }).optional(),
  note: z.string().optional(),
});

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { email: { type: 'string' }, grant: { type: 'string' }, premium: { type: 'string' }, role: { type: 'string' }, note: { type: 'string' } },
  });
  const parsed = argsSchema.safeParse(values);
  if (!parsed.success) {
    console.error(`Usage: npm run user -- --email <email> [--grant <credits>] [--premium true|false] [--role user|support|admin]\n${parsed.error.issues.map((i) => i.message).join('\n')}`);
    process.exit(2);
  }
  const { email, grant, premium, role, note } = parsed.data;
  const db = await getDb();
  const user = await findOrCreateUserByEmail(db, { email });
  if (grant) await grantCredits(db, user.id, grant, { reason: 'admin_grant', note: note ?? 'Granted from the command line' });
  if (premium) await db.user.update({ where: { id: user.id }, data: { premium: premium === 'true' } });
  if (role) await db.user.update({ where: { id: user.id }, data: { role } });
  const after = await db.user.findUniqueOrThrow({ where: { id: user.id } });
  console.log(`${after.email}: ${after.credits} credits, ${after.premium ? 'premium' : 'free'}, role ${after.role}`);
}

main()
  .then(() => process.exit(0))
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  });
