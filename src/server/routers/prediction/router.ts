import { router } from '~/server/trpc/init';

export const predictionRouter = router({});
