import { z } from 'zod';
import { purchaseSchema } from '~/server/routers/billing/purchases.schema';
import { pageFields, userIdField } from './shared.schema';

export const userPurchasesInput = z.object({ userId: userIdField, ...pageFields });

export const userPurchasesOutput = z.object({ items: z.array(purchaseSchema), nextCursor: z.string().nullable() });
