import { router } from '~/server/trpc/init';

export const effectsRouter = router({});
