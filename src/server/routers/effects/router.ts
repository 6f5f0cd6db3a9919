import { router } from '~/server/trpc/init';
import { getImage, getVideo, imageList, videoList } from './queries';

export const effectsRouter = router({ imageList, videoList, getImage, getVideo });
