/**
 * Refunding a purchase of the local checkout from the console: a simulated refund, reported through
 * the same webhook handler as Stripe's (charge.refunded), whose clawback takes the credits back once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStudio, type Studio, type StudioUser } from '@test/helpers/studio';
import { createStaff, formId, refusalOf } from './helpers';

let studio: Studio;
let admin: StudioUser;

beforeAll(async () => {
  studio = await startStudio({ env: { LOCAL_CHECKOUT: 'on' } });
  admin = await createStaff(studio, 'admin');
});

afterAll(async () => {
  await studio?.stop();
});

describe('a local checkout purchase refunded from the console', () => {
  it('is clawed back once, however often the form is sent', async () => {
    const buyer = await studio.createUser();
    const { url } = await studio.caller(buyer).billing.checkout({ item: 'credits-500' });
    const sessionId = new URL(url, 'http://local').searchParams.get('session')!;
    await studio.caller(buyer).billing.localPay({ sessionId });
    expect(await studio.balance(buyer)).toBe(500);

    const form = { actionId: formId(), purchaseId: sessionId, reason: 'Test purchase' };
    const answers = await Promise.all(Array.from({ length: 5 }, () => studio.caller(admin).admin.refundPurchase(form)));
    expect(answers.filter((answer) => !answer.repeated)).toHaveLength(1);
    expect(await studio.balance(buyer)).toBe(0);
    const rows = await studio.db.creditLedgerEntry.findMany({ where: { userId: buyer.id }, orderBy: { createdAt: 'asc' }, select: { reason: true, amount: true } });
    expect(rows).toEqual([
      { reason: 'purchase_grant', amount: 500 },
      { reason: 'refund_clawback', amount: -500 },
    ]);
    expect(await studio.db.purchase.findUniqueOrThrow({ where: { id: sessionId } })).toMatchObject({ status: 'refunded', amountRefunded: 500 });
    expect(await refusalOf(studio.caller(admin).admin.refundPurchase({ ...form, actionId: formId() }))).toEqual({ code: 'BAD_REQUEST', message: 'This purchase is already refunded in full.' });
  });
});
