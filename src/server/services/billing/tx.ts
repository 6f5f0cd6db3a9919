import type { Prisma } from '~/server/db/generated/client';

/** An interactive transaction: billing writes a payment's records and its ledger rows together. */
export type BillingTx = Prisma.TransactionClient;
