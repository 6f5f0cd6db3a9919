import { router } from '~/server/trpc/init';

export const generationRouter = router({});
