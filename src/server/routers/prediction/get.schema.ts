import { predictionSchema } from '~/server/services/generation/present';
import { generationIdInput } from '../ids.schema';

export const getInput = generationIdInput;

export const getOutput = predictionSchema;
