import { z } from 'zod';
import { ledgerEntryOutput } from '~/server/routers/credits/history.schema';
import { pageFields, userIdField } from './shared.schema';

export const userLedgerInput = z.object({ userId: userIdField, ...pageFields });

export const userLedgerOutput = z.object({ items: z.array(ledgerEntryOutput), nextCursor: z.string().nullable() });
