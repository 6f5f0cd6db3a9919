import { z } from 'zod';
import { inputText } from '~/catalogue';
import { apiKeyOutput } from './key.schema';

export const revokeInput = z.object({ id: inputText.min(1).max(64) });

export const revokeOutput = apiKeyOutput;
