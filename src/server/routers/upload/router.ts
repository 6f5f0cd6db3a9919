import { router } from '~/server/trpc/init';
import { signedUrl } from './signed-url';

export const uploadRouter = router({ signedUrl });
