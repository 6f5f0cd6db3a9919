/**
 * Grants and deductions from the console: through the ledger's one door, once per form (the same
 * form twice, or 20 times at once, moves the balance once), the audit row in the same transaction,
 * bad input refused with a clear text and nothing changed, the owner's open tab told the new balance.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adjustCredits } from '~/server/services/staff/user-actions';
import { startStudio, type Studio, type StudioUser } from '@test/helpers/studio';
import { createStaff, formId, refusalOf } from './helpers';

let studio: Studio;
let admin: StudioUser;

beforeAll(async () => {
  studio = await startStudio();
  admin = await createStaff(studio, 'admin');
});

afterAll(async () => {
  await studio?.stop();
});

/** Everything a refused action must leave as it was. */
async function state(user: StudioUser) {
  return {
    balance: await studio.balance(user),
    ledger: await studio.db.creditLedgerEntry.count({ where: { userId: user.id } }),
    audit: await studio.db.auditEntry.count(),
  };
}

describe('a grant', () => {
  it('moves the balance through the ledger and writes its audit row: who, what, target, reason, before and after', async () => {
    const user = await studio.createUser({ credits: 10 });
    const actionId = formId();
    const answer = await studio.caller(admin).admin.adjustCredits({ actionId, userId: user.id, amount: 100, reason: 'Refund for a blurry result' });
    expect(answer).toEqual({ repeated: false, balance: 110 });
    expect(await studio.balance(user)).toBe(110);
    const rows = await studio.db.creditLedgerEntry.findMany({ where: { userId: user.id }, orderBy: { createdAt: 'asc' } });
    expect(rows.map((r) => ({ amount: r.amount, balanceAfter: r.balanceAfter, reason: r.reason, note: r.note, key: r.providerObjectId }))).toEqual([
      { amount: 10, balanceAfter: 10, reason: 'admin_grant', note: 'test grant', key: null },
      { amount: 100, balanceAfter: 110, reason: 'admin_grant', note: 'Refund for a blurry result', key: actionId },
    ]);
    const audit = await studio.db.auditEntry.findUniqueOrThrow({ where: { id: actionId } });
    expect(audit).toMatchObject({
      actorId: admin.id,
      actorEmail: admin.email,
      action: 'credits.grant',
      targetType: 'user',
      targetId: user.id,
      reason: 'Refund for a blurry result',
      before: { credits: 10 },
      after: { credits: 110, amount: 100 },
    });
  });

  it('the same form sent twice moves the balance once; the second answer says it was already done', async () => {
    const user = await studio.createUser({ credits: 5 });
    const form = { actionId: formId(), userId: user.id, amount: 40, reason: 'Goodwill' };
    expect(await studio.caller(admin).admin.adjustCredits(form)).toEqual({ repeated: false, balance: 45 });
    expect(await studio.caller(admin).admin.adjustCredits(form)).toEqual({ repeated: true, balance: null });
    expect(await state(user)).toMatchObject({ balance: 45, ledger: 2 });
    expect(await studio.db.auditEntry.count({ where: { targetId: user.id } })).toBe(1);
  });

  it('the same form 20 times at once moves the balance once: one ledger row, one audit row', async () => {
    const user = await studio.createUser({ credits: 1 });
    const form = { actionId: formId(), userId: user.id, amount: 100, reason: 'Twenty clicks' };
    const answers = await Promise.all(Array.from({ length: 20 }, () => studio.caller(admin).admin.adjustCredits(form)));
    expect(answers.filter((a) => !a.repeated)).toEqual([{ repeated: false, balance: 101 }]);
    expect(answers.filter((a) => a.repeated)).toHaveLength(19);
    expect(await studio.balance(user)).toBe(101);
    expect(await studio.db.creditLedgerEntry.count({ where: { userId: user.id, reason: 'admin_grant', providerObjectId: form.actionId } })).toBe(1);
    expect(await studio.db.auditEntry.count({ where: { id: form.actionId } })).toBe(1);
  });

  it('two forms are two grants', async () => {
    const user = await studio.createUser();
    await studio.caller(admin).admin.adjustCredits({ actionId: formId(), userId: user.id, amount: 3, reason: 'One' });
    await studio.caller(admin).admin.adjustCredits({ actionId: formId(), userId: user.id, amount: 4, reason: 'Two' });
    expect(await studio.balance(user)).toBe(7);
  });

  it('is one transaction with its audit row: when the row cannot be written, the balance does not move', async () => {
    const user = await studio.createUser({ credits: 8 });
    // An actor the audit cannot name: the row fails after the ledger moved, inside the same transaction.
    await expect(adjustCredits(studio.db, { id: 'cnobody0000000000000000000' }, { actionId: formId(), userId: user.id, amount: 50, reason: 'x', allowNegative: false })).rejects.toMatchObject({
      code: 'unauthorized',
    });
    expect(await state(user)).toEqual({ balance: 8, ledger: 1, audit: await studio.db.auditEntry.count() });
  });

  it('is pushed to the owner’s open tab (user.onBalance) without a reload', async () => {
    const user = await studio.createUser({ credits: 2 });
    const abort = new AbortController();
    const stream = await studio.caller(user, { signal: abort.signal }).user.onBalance();
    const iterator = stream[Symbol.asyncIterator]();
    const next = iterator.next();
    await studio.caller(admin).admin.adjustCredits({ actionId: formId(), userId: user.id, amount: 100, reason: 'Pushed' });
    expect((await next).value).toEqual({ credits: 102 });
    abort.abort();
    await iterator.return?.();
  });
});

describe('a deduction', () => {
  it('takes credits away through the ledger (admin_deduct) and records credits.deduct', async () => {
    const user = await studio.createUser({ credits: 30 });
    const actionId = formId();
    expect(await studio.caller(admin).admin.adjustCredits({ actionId, userId: user.id, amount: -20, reason: 'Chargeback' })).toEqual({ repeated: false, balance: 10 });
    expect(await studio.db.creditLedgerEntry.findFirstOrThrow({ where: { providerObjectId: actionId } })).toMatchObject({ amount: -20, balanceAfter: 10, reason: 'admin_deduct', note: 'Chargeback' });
    expect(await studio.db.auditEntry.findUniqueOrThrow({ where: { id: actionId } })).toMatchObject({ action: 'credits.deduct', before: { credits: 10 + 20 }, after: { credits: 10, amount: -20 } });
  });

  it('below zero only when the form says so explicitly', async () => {
    const user = await studio.createUser({ credits: 40 });
    const before = await state(user);
    expect(await refusalOf(studio.caller(admin).admin.adjustCredits({ actionId: formId(), userId: user.id, amount: -50, reason: 'Abuse' }))).toEqual({
      code: 'BAD_REQUEST',
      message: 'This deduction would take the balance from 40 to -10. Allow a negative balance to deduct it anyway.',
    });
    expect(await state(user)).toEqual(before);
    expect(await studio.caller(admin).admin.adjustCredits({ actionId: formId(), userId: user.id, amount: -50, reason: 'Abuse', allowNegative: true })).toEqual({ repeated: false, balance: -10 });
  });
});

describe('bad input: a clear error, nothing changed', () => {
  const cases: { name: string; form: (userId: string) => Record<string, unknown>; refusal: { code: string; message: string } }[] = [
    { name: 'a grant of 0', form: (userId) => ({ userId, amount: 0, reason: 'Nothing' }), refusal: { code: 'BAD_REQUEST', message: 'The amount must be a whole number of credits other than 0.' } },
    { name: 'a fraction', form: (userId) => ({ userId, amount: 1.5, reason: 'Half' }), refusal: { code: 'BAD_REQUEST', message: 'amount: The amount must be a whole number of credits.' } },
    { name: 'a reason of only spaces', form: (userId) => ({ userId, amount: 10, reason: '   ' }), refusal: { code: 'BAD_REQUEST', message: 'reason: A reason is required.' } },
    { name: 'no reason', form: (userId) => ({ userId, amount: 10 }), refusal: { code: 'BAD_REQUEST', message: 'reason: Invalid input: expected string, received undefined' } },
    { name: 'more than one action may move', form: (userId) => ({ userId, amount: 1_000_001, reason: 'Typo' }), refusal: { code: 'BAD_REQUEST', message: 'One action grants or deducts at most 1000000 credits.' } },
    { name: 'a deduction past the limit', form: (userId) => ({ userId, amount: -1_000_001, reason: 'Typo', allowNegative: true }), refusal: { code: 'BAD_REQUEST', message: 'One action grants or deducts at most 1000000 credits.' } },
    { name: 'an unknown user', form: () => ({ userId: 'cnosuchuser00000000000000', amount: 10, reason: 'Who?' }), refusal: { code: 'NOT_FOUND', message: 'User not found.' } },
  ];

  it.each(cases)('$name', async ({ form, refusal }) => {
    const user = await studio.createUser({ credits: 12 });
    const before = await state(user);
    expect(await refusalOf(studio.caller(admin).admin.adjustCredits({ actionId: formId(), ...form(user.id) } as never))).toEqual(refusal);
    expect(await state(user)).toEqual(before);
  });

  it('an action id already used for another action is refused, nothing changed', async () => {
    const user = await studio.createUser({ credits: 12 });
    const actionId = formId();
    await studio.caller(admin).admin.setPremium({ actionId, userId: user.id, on: true, reason: 'Trial' });
    const before = await state(user);
    expect(await refusalOf(studio.caller(admin).admin.adjustCredits({ actionId, userId: user.id, amount: 5, reason: 'Reused' }))).toEqual({
      code: 'CONFLICT',
      message: 'This idempotency key was already used for a different request. Use a new key for a new request.',
    });
    expect(await state(user)).toEqual(before);
  });
});
