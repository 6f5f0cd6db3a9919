import { z } from 'zod';
import { collectionName, collectionSummary } from './collection.schema';

export const createInput = z.object({ name: collectionName });
export const createOutput = collectionSummary;
