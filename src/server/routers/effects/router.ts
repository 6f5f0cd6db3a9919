import { router } from '~/server/trpc/init';
import { getImage } from './get-image';
import { getVideo } from './get-video';
import { imageList } from './image-list';
import { videoList } from './video-list';

export const effectsRouter = router({ imageList, videoList, getImage, getVideo });
