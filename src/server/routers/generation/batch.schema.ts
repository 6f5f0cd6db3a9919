import { batchSchema } from '~/server/services/generation/batch-read';
import { generationIdInput } from '../ids.schema';

/** A batch's id (the same shape as a generation's). */
export const batchInput = generationIdInput;

export const batchOutput = batchSchema;
