import { router } from '~/server/trpc/init';
import { proxyImage } from './proxy-image';

export const mediaRouter = router({ proxyImage });
