import { router } from '~/server/trpc/init';
import { get } from './get';
import { list } from './list';

export const loraRouter = router({ list, get });
