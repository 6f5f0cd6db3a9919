import { z } from 'zod';
import { loraSchema } from '~/catalogue/content/types';
import { catalogueIdInput } from '../ids.schema';

export const getInput = catalogueIdInput;

/** Every field of the LoRA (core-flow §3) and the link that opens the generator with it. */
export const getOutput = loraSchema.extend({ createLink: z.string() });
