import { router } from '~/server/trpc/init';
import { details } from './details';
import { onBalance } from './on-balance';

export const userRouter = router({ details, onBalance });
