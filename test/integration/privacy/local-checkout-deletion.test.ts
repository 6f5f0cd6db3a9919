/**
 * Deleting an account that bought through the local checkout (development without payment keys):
 * its plan is cancelled on the local checkout first, its local payment objects move to the detached
 * holder with the purchases, and a refund made afterwards from the console still finds the payment
 * and claws back against the detached books, once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStudio, type Studio, type StudioUser } from '@test/helpers/studio';
import { createStaff, formId } from '../console/helpers';

let studio: Studio;
let admin: StudioUser;

beforeAll(async () => {
  studio = await startStudio({ env: { LOCAL_CHECKOUT: 'on' } });
  admin = await createStaff(studio, 'admin');
});

afterAll(async () => {
  await studio?.stop();
});

async function buy(user: StudioUser, item: string): Promise<string> {
  const { url } = await studio.caller(user).billing.checkout({ item });
  const sessionId = new URL(url, 'http://local').searchParams.get('session')!;
  await studio.caller(user).billing.localPay({ sessionId });
  return sessionId;
}

describe('an account of the local checkout', () => {
  it('has its plan cancelled there first, and its refund still claws back after the deletion', async () => {
    const buyer = await studio.createUser();
    const pack = await buy(buyer, 'credits-500');
    await buy(buyer, 'premium-monthly');
    expect((await studio.caller(buyer).user.details()).premium).toBe(true);
    const [subscription] = await studio.db.localPaymentObject.findMany({ where: { userId: buyer.id, type: 'subscription' } });
    expect((subscription!.data as { status: string }).status).toBe('active');
    const objects = await studio.db.localPaymentObject.count({ where: { userId: buyer.id } });
    const balance = await studio.balance(buyer);

    expect(await studio.caller(buyer).privacy.deleteAccount({ email: buyer.email })).toEqual({ status: 'deleted' });

    const canceled = await studio.db.localPaymentObject.findUniqueOrThrow({ where: { id: subscription!.id } });
    expect((canceled.data as { status: string }).status).toBe('canceled');
    const holderId = (await studio.db.purchase.findUniqueOrThrow({ where: { id: pack } })).userId;
    expect(holderId).not.toBe(buyer.id);
    expect(await studio.db.localPaymentObject.count({ where: { userId: holderId } })).toBe(objects);
    expect(await studio.db.localPaymentObject.count({ where: { userId: buyer.id } })).toBe(0);
    expect(await studio.db.user.findUniqueOrThrow({ where: { id: holderId }, select: { credits: true } })).toEqual({ credits: balance });

    const form = { actionId: formId(), purchaseId: pack, reason: 'Refund after the account was deleted' };
    expect(await studio.caller(admin).admin.refundPurchase(form)).toEqual({ repeated: false });
    expect(await studio.caller(admin).admin.refundPurchase(form)).toEqual({ repeated: true });
    expect(await studio.db.creditLedgerEntry.findMany({ where: { purchaseId: pack }, orderBy: { createdAt: 'asc' }, select: { userId: true, reason: true, amount: true } })).toEqual([
      { userId: holderId, reason: 'purchase_grant', amount: 500 },
      { userId: holderId, reason: 'refund_clawback', amount: -500 },
    ]);
    expect(await studio.db.purchase.findUniqueOrThrow({ where: { id: pack } })).toMatchObject({ status: 'refunded', userId: holderId });
    expect(await studio.db.user.findUniqueOrThrow({ where: { id: holderId }, select: { credits: true } })).toEqual({ credits: balance - 500 });
  });
});
