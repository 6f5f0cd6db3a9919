import { router } from '~/server/trpc/init';
import { status } from './status';

export const systemRouter = router({ status });
