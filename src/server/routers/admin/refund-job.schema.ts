import { z } from 'zod';
export { jobActionInput as refundJobInput } from './job-action.schema';

export const refundJobOutput = z.object({ repeated: z.boolean() });
