/** The only API: every feature's router, mounted once. */
import { billingRouter } from '~/server/routers/billing/router';
import { collectionRouter } from '~/server/routers/collection/router';
import { creditsRouter } from '~/server/routers/credits/router';
import { effectsRouter } from '~/server/routers/effects/router';
import { generationRouter } from '~/server/routers/generation/router';
import { loraRouter } from '~/server/routers/lora/router';
import { mediaRouter } from '~/server/routers/media/router';
import { predictionRouter } from '~/server/routers/prediction/router';
import { systemRouter } from '~/server/routers/system/router';
import { uploadRouter } from '~/server/routers/upload/router';
import { userRouter } from '~/server/routers/user/router';
import { createCallerFactory, router } from './init';

export const appRouter = router({
  user: userRouter,
  credits: creditsRouter,
  system: systemRouter,
  generation: generationRouter,
  prediction: predictionRouter,
  upload: uploadRouter,
  lora: loraRouter,
  effects: effectsRouter,
  media: mediaRouter,
  billing: billingRouter,
  collection: collectionRouter,
});

export type AppRouter = typeof appRouter;

export const createCaller = createCallerFactory(appRouter);
