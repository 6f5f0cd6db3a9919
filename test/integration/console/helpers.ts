/** Staff for the console's tests: users with a role, their callers, and form action ids. */
import { randomUUID } from 'node:crypto';
import { ZodError } from 'zod';
import { describeZodError } from '~/server/errors';
import type { Studio, StudioUser } from '@test/helpers/studio';
import type { Role } from '~/utils/staff-roles';

export async function createStaff(studio: Studio, role: Role, options: { credits?: number } = {}): Promise<StudioUser> {
  const user = await studio.createUser(options);
  await studio.db.user.update({ where: { id: user.id }, data: { role } });
  return user;
}

/** A form's idempotency id, as the console makes one when a form opens. */
export function formId(): string {
  return `form-${randomUUID()}`;
}

/** What a refused tRPC call carries that a person reads: the code and the message (a refused input in the wire's words). */
export async function refusalOf(call: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await call;
  } catch (error) {
    const { code, message, cause } = error as { code: string; message: string; cause?: unknown };
    return { code, message: cause instanceof ZodError ? describeZodError(cause) : message };
  }
  throw new Error('the call was not refused');
}
