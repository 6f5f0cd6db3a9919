import { videoEffectSchema } from '~/catalogue/content/types';
import { catalogueIdInput } from '../ids.schema';

export const getVideoInput = catalogueIdInput;

export const getVideoOutput = videoEffectSchema;
