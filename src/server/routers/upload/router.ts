import { router } from '~/server/trpc/init';

export const uploadRouter = router({});
