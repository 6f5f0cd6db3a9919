import { z } from 'zod';
export { jobActionInput as cancelJobInput } from './job-action.schema';

export const cancelJobOutput = z.object({ repeated: z.boolean() });
