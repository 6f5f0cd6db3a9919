import { z } from 'zod';
import { inputText } from '~/catalogue';

export const listLorasInput = z
  .object({ search: inputText.trim().max(100).optional(), tag: inputText.trim().max(50).optional() })
  .default({});
