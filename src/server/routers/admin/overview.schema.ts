import { z } from 'zod';

const failureRate = z.object({ key: z.string(), failed: z.number().int(), finished: z.number().int(), rate: z.number() });

const periodFigures = z.object({
  signUps: z.number().int(),
  generations: z.record(z.string(), z.number().int()),
  failureByModel: z.array(failureRate),
  failureByProvider: z.array(failureRate),
  credits: z.object({ spent: z.number().int(), granted: z.number().int(), refunded: z.number().int(), bought: z.number().int() }),
  revenue: z.array(z.object({ currency: z.string(), amount: z.number().int(), refunded: z.number().int() })),
});

export const overviewOutput = z.object({
  since: z.object({ today: z.date(), week: z.date(), month: z.date() }),
  periods: z.object({ today: periodFigures, week: periodFigures, month: periodFigures }),
  activePremium: z.number().int(),
  perHour: z.array(z.object({ hour: z.date(), count: z.number().int() })),
});
