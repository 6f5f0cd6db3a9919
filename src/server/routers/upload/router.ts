import { router } from '~/server/trpc/init';
import { faceCheck } from './face-check';
import { keepPhoto } from './keep-photo';
import { signedUrl } from './signed-url';

export const uploadRouter = router({ signedUrl, faceCheck, keepPhoto });
