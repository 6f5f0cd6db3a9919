import { z } from 'zod';
import { videoEffectSchema } from '~/catalogue/content/types';
import { effectSearchInput } from './image-list.schema';

export const videoListInput = effectSearchInput;

export const videoListOutput = z.array(videoEffectSchema);
