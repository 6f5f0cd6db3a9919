import { z } from 'zod';
export { jobActionInput as rerunJobInput } from './job-action.schema';

/** The new generation's id (null when the same form already ran it). */
export const rerunJobOutput = z.object({ repeated: z.boolean(), generationId: z.string().nullable() });
