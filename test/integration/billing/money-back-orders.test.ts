/**
 * Refunds and disputes of one payment, in every order their events can reach us (delivery-
 * schedules.ts: each event somewhere after its own happening at Stripe). The rule (issue 39):
 * whatever mix of refunds, partial refunds and dispute events arrives, in any order, a payment's
 * clawbacks never exceed what it granted, and a dispute that ends in our favour or is prevented by a
 * refund takes nothing beyond the refund. Checked after every delivery (never below zero, never
 * above the pack) and at the end (exactly what the money back owes, and the purchase's status).
 * The events carry charges, refunds and disputes as Stripe makes them, every field present.
 */
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBillingStudio, type BillingStudio } from '@test/helpers/billing';
import { deliverySchedules, describeSchedule } from '@test/helpers/delivery-schedules';
import type { StudioUser } from '@test/helpers/studio';

type Json = Record<string, unknown>;

let billing: BillingStudio;

beforeAll(async () => {
  billing = await startBillingStudio();
});

afterAll(async () => {
  await billing?.stop();
});

type Payment = { purchaseId: string; chargeId: string; credits: number };

/** Something that happens at Stripe, and the event it sends. */
type Happening = { name: string; happen: (payment: Payment) => Json };

const refund = (name: string, amount: number): Happening => ({
  name,
  happen: ({ chargeId }) => billing.stripe.event('charge.refunded', billing.stripe.refund(chargeId, amount).charge),
});

/** Opening keeps the dispute's id for its ending (each schedule has its own payment). */
function dispute(amount: number, opened: Stripe.Dispute.Status, ending?: Stripe.Dispute.Status): Happening[] {
  let id = '';
  const open: Happening = {
    name: 'D',
    happen: ({ chargeId }) => {
      const made = billing.stripe.openDispute(chargeId, amount, opened);
      id = made.id as string;
      return billing.stripe.event('charge.dispute.created', made);
    },
  };
  if (!ending) return [open];
  return [open, { name: 'E', happen: () => billing.stripe.event('charge.dispute.closed', billing.stripe.closeDispute(id, ending)) }];
}

async function buy(buyer: StudioUser, item: string): Promise<Payment> {
  const { stripe } = billing;
  const { sessionId } = await billing.checkout(buyer, item);
  const { session, chargeId } = stripe.pay(sessionId);
  expect((await stripe.send(stripe.event('checkout.session.completed', session))).body.outcome).toBe('granted');
  const purchase = await billing.studio.db.purchase.findUniqueOrThrow({ where: { id: sessionId }, select: { credits: true } });
  return { purchaseId: sessionId, chargeId, credits: purchase.credits };
}

/** What the payment's clawbacks have taken, net of what disputes gave back. */
async function takenFrom(payment: Payment): Promise<number> {
  const sum = await billing.studio.db.creditLedgerEntry.aggregate({
    where: { purchaseId: payment.purchaseId, reason: { in: ['refund_clawback', 'dispute_clawback', 'dispute_reversal'] } },
    _sum: { amount: true },
  });
  return -(sum._sum.amount ?? 0);
}

type Case = { name: string; item: string; happenings: () => Happening[]; taken: number; status: string };

/** Schedules run at once: each has a payment of its own, so they only share the server's time. */
const SCHEDULES_AT_ONCE = 8;

/** Runs every schedule of the case on a payment of its own; answers what went against the rule. */
async function everyOrder({ item, happenings, taken, status }: Case): Promise<{ schedules: number; broken: string[] }> {
  const buyer = await billing.studio.createUser();
  const schedules = deliverySchedules(happenings().length);
  const broken: string[] = [];
  const runSchedule = async (schedule: (typeof schedules)[number]): Promise<void> => {
    const payment = await buy(buyer, item);
    const steps = happenings();
    const history = describeSchedule(schedule, steps.map((s) => s.name));
    const events: Json[] = [];
    for (const step of schedule) {
      if (step.kind === 'happen') {
        events[step.index] = steps[step.index]!.happen(payment);
        continue;
      }
      const answer = await billing.stripe.send(events[step.index]!);
      const now = await takenFrom(payment);
      if (answer.status !== 200) broken.push(`${history}: ${steps[step.index]!.name}'s event answered ${answer.status} ${JSON.stringify(answer.body)}`);
      if (now < 0 || now > payment.credits) broken.push(`${history}: after ${steps[step.index]!.name}'s event, ${now} of ${payment.credits} credits taken`);
    }
    const end = { taken: await takenFrom(payment), status: (await billing.studio.db.purchase.findUniqueOrThrow({ where: { id: payment.purchaseId } })).status };
    if (end.taken !== taken || end.status !== status) broken.push(`${history}: ended with ${end.taken} taken, ${end.status} (expected ${taken}, ${status})`);
  };
  const waiting = [...schedules];
  await Promise.all(
    Array.from({ length: SCHEDULES_AT_ONCE }, async () => {
      for (let schedule = waiting.shift(); schedule; schedule = waiting.shift()) await runSchedule(schedule);
    }),
  );
  expect(await billing.ledgerSum(buyer)).toBe(await billing.studio.balance(buyer));
  return { schedules: schedules.length, broken: broken.sort() };
}

/** A dispute opened, something in between, then its ending: one dispute's two happenings around the others. */
function around(amount: number, opened: Stripe.Dispute.Status, ending: Stripe.Dispute.Status, between: Happening[]): Happening[] {
  const [open, end] = dispute(amount, opened, ending);
  return [open!, ...between, end!];
}

const CASES: Case[] = [
  // Prevention: the issuer's dispute is answered with a refund, and closes as prevented. The refund
  // takes the pack once; the dispute nothing beyond it (it took 1,000 of a 500-credit pack).
  { name: 'a prevented dispute with its refund', item: 'credits-500', happenings: () => around(500, 'needs_response', 'prevented', [refund('R', 500)]), taken: 500, status: 'refunded' },
  { name: 'a lost dispute followed by a refund', item: 'credits-500', happenings: () => [...dispute(500, 'needs_response', 'lost'), refund('R', 500)], taken: 500, status: 'disputed' },
  { name: 'a partial dispute lost, then the rest refunded', item: 'credits-500', happenings: () => [...dispute(300, 'needs_response', 'lost'), refund('R', 200)], taken: 500, status: 'disputed' },
  { name: 'an inquiry closed after a partial refund', item: 'credits-500', happenings: () => around(500, 'warning_needs_response', 'warning_closed', [refund('R', 200)]), taken: 200, status: 'partially_refunded' },
  { name: 'a dispute won, no refund', item: 'credits-500', happenings: () => dispute(500, 'needs_response', 'won'), taken: 0, status: 'paid' },
];

/**
 * A refund, a dispute of more than the refunds leave, and a second partial refund: 1,200 credits for
 * $10.00, $3.33 back twice and $5.00 disputed ($11.66 in all, more than was paid). Open or lost, the
 * whole pack is owed and no more; won or prevented, only the refunds' share: 799 (399 + 400).
 */
const SHUFFLED = (ending?: Stripe.Dispute.Status) => (): Happening[] => [refund('R', 333), ...dispute(500, 'needs_response', ending), refund('S', 333)].sort(byHappening);
/** Refund, dispute, second refund, then the dispute's ending. */
const byHappening = (a: Happening, b: Happening) => 'RDSE'.indexOf(a.name) - 'RDSE'.indexOf(b.name);

const SHUFFLED_CASES: Case[] = [
  { name: 'the dispute still open', item: 'credits-1200', happenings: SHUFFLED(), taken: 1200, status: 'disputed' },
  { name: 'the dispute lost', item: 'credits-1200', happenings: SHUFFLED('lost'), taken: 1200, status: 'disputed' },
  { name: 'the dispute won', item: 'credits-1200', happenings: SHUFFLED('won'), taken: 799, status: 'partially_refunded' },
  { name: 'the dispute prevented', item: 'credits-1200', happenings: SHUFFLED('prevented'), taken: 799, status: 'partially_refunded' },
];

/** Schedules for 2, 3 and 4 happenings. */
const SCHEDULE_COUNTS: Record<number, number> = { 2: 3, 3: 15, 4: 105 };

/**
 * A hang detector only: 105 schedules are 105 purchases and about 500 signed deliveries, a minute
 * or more on a busy machine; each step ends as soon as it is answered.
 */
const EVERY_ORDER_MS = 300_000;

describe('money going back, in every order of its events', () => {
  it.each(CASES)('$name', async (testCase) => {
    const { schedules, broken } = await everyOrder(testCase);
    expect(schedules).toBe(SCHEDULE_COUNTS[testCase.happenings().length]);
    expect(broken).toEqual([]);
  });
});

describe('a refund, a dispute and a second partial refund, in every order', () => {
  it.each(SHUFFLED_CASES)(
    '$name',
    async (testCase) => {
      const { schedules, broken } = await everyOrder(testCase);
      expect(schedules).toBe(SCHEDULE_COUNTS[testCase.happenings().length]);
      expect(broken).toEqual([]);
    },
    EVERY_ORDER_MS,
  );
});
