import { router } from '~/server/trpc/init';

export const loraRouter = router({});
