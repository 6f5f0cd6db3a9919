import { batchInput, batchOutput } from './batch.schema';

/** The batch to cancel; the answer is the batch after it. */
export const cancelBatchInput = batchInput;
export const cancelBatchOutput = batchOutput;
