import { z } from 'zod';
import { getImageEffect, getVideoEffect, imageEffects, inputText, videoEffects } from '~/catalogue';
import { AppError } from '~/server/errors';
import { publicProcedure } from '~/server/trpc/procedures';

const searchInput = z.object({ search: inputText.trim().max(100).optional() }).default({});

function matches(needle: string | undefined, ...texts: string[]): boolean {
  return !needle || texts.some((t) => t.toLowerCase().includes(needle.toLowerCase()));
}

export const imageList = publicProcedure.input(searchInput).query(({ input }) => imageEffects.filter((e) => matches(input.search, e.name, e.description, e.id)));

export const videoList = publicProcedure.input(searchInput).query(({ input }) => videoEffects.filter((e) => matches(input.search, e.name, e.description, e.id)));

export const getImage = publicProcedure.input(z.object({ id: inputText.min(1).max(100) })).query(({ input }) => {
  const effect = getImageEffect(input.id);
  if (!effect) throw new AppError('not_found', 'Effect not found.');
  return effect;
});

export const getVideo = publicProcedure.input(z.object({ id: inputText.min(1).max(100) })).query(({ input }) => {
  const effect = getVideoEffect(input.id);
  if (!effect) throw new AppError('not_found', 'Effect not found.');
  return effect;
});
