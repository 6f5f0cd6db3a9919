import { z } from 'zod';
import { collectionSummary } from './collection.schema';

export const listOutput = z.array(collectionSummary);
