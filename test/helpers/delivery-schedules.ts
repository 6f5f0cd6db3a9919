/**
 * Every order in which a payment's webhook events can reach us. Things happen at Stripe in one
 * order (a refund, then a dispute, ...), and each sends its event when it happens; Stripe delivers
 * events in no promised order and retries late ones for days, so each event reaches us at any time
 * after its own happening: before, between or after the others. A schedule is one such history:
 * the happenings in their order, each event delivered somewhere after its happening.
 */

export type ScheduleStep = { kind: 'happen' | 'deliver'; index: number };

/** All schedules of `count` happenings: (2·count − 1)!! of them (15 for 3, 105 for 4). */
export function deliverySchedules(count: number): ScheduleStep[][] {
  const schedules: ScheduleStep[][] = [];
  const walk = (done: ScheduleStep[], happened: number, pending: number[]) => {
    if (happened === count && pending.length === 0) {
      schedules.push(done);
      return;
    }
    if (happened < count) walk([...done, { kind: 'happen', index: happened }], happened + 1, [...pending, happened]);
    for (const index of pending) walk([...done, { kind: 'deliver', index }], happened, pending.filter((i) => i !== index));
  };
  walk([], 0, []);
  return schedules;
}

/** 'R1 → r1 → D → …': capitals for happenings, lower case for deliveries of their events. */
export function describeSchedule(schedule: ScheduleStep[], names: string[]): string {
  return schedule.map((step) => (step.kind === 'happen' ? names[step.index]! : names[step.index]!.toLowerCase())).join(' → ');
}
