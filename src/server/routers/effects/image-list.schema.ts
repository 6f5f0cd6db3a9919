import { z } from 'zod';
import { inputText } from '~/catalogue';
import { imageEffectSchema } from '~/catalogue/content/types';

/** The effect pickers' search (both lists take it): over name, description and id. */
export const effectSearchInput = z.object({ search: inputText.trim().max(100).optional() }).default({});

export const imageListInput = effectSearchInput;

export const imageListOutput = z.array(imageEffectSchema);
