/**
 * Row ids for rows written by raw SQL, in the shape of the ids Prisma makes for `@default(cuid())`
 * (a 'c', the time, a per-process counter, then randomness): 25 lowercase base-36 characters that
 * sort roughly by creation time and are unguessable.
 */
import { randomUUID } from 'node:crypto';

let counter = 0;

export function newRowId(): string {
  counter = (counter + 1) % 36 ** 4;
  const time = Date.now().toString(36).padStart(8, '0').slice(-8);
  // randomUUID draws from a pooled buffer of secure randomness (no system call per id).
  const random = BigInt(`0x${randomUUID().replace(/-/g, '').slice(0, 16)}`).toString(36).padStart(12, '0').slice(-12);
  return `c${time}${counter.toString(36).padStart(4, '0')}${random}`;
}
