import { imageEffectSchema } from '~/catalogue/content/types';
import { catalogueIdInput } from '../ids.schema';

export const getImageInput = catalogueIdInput;

export const getImageOutput = imageEffectSchema;
