import { z } from 'zod';

export const listLorasInput = z
  .object({ search: z.string().trim().max(100).optional(), tag: z.string().trim().max(50).optional() })
  .default({});
