import { router } from '~/server/trpc/init';
import { details } from './details';

export const userRouter = router({ details });
