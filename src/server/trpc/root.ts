/** The only API: every feature's router, mounted once. */
import { adminRouter, supportRouter } from '~/server/routers/admin/router';
import { keysRouter } from '~/server/routers/keys/router';
import { callbacksRouter } from '~/server/routers/callbacks/router';
import { billingRouter } from '~/server/routers/billing/router';
import { collectionRouter } from '~/server/routers/collection/router';
import { creditsRouter } from '~/server/routers/credits/router';
import { effectsRouter } from '~/server/routers/effects/router';
import { generationRouter } from '~/server/routers/generation/router';
import { loraRouter } from '~/server/routers/lora/router';
import { mediaRouter } from '~/server/routers/media/router';
import { predictionRouter } from '~/server/routers/prediction/router';
import { privacyRouter } from '~/server/routers/privacy/router';
import { systemRouter } from '~/server/routers/system/router';
import { uploadRouter } from '~/server/routers/upload/router';
import { userRouter } from '~/server/routers/user/router';
import { createCallerFactory, router } from './init';

/** Every router but the console's. */
const studioRouters = {
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
  keys: keysRouter,
  callbacks: callbacksRouter,
  privacy: privacyRouter,
};

/** The console's procedures live under this key: `admin.<procedure>`. */
export const CONSOLE_ROUTER_KEY = 'admin';

export const appRouter = router({ ...studioRouters, [CONSOLE_ROUTER_KEY]: adminRouter } as const);

/**
 * The same API as each role may see it: the tRPC route answers a caller from the router of their
 * role, so a console path they may not use answers exactly as a path that names no procedure
 * (http/trpc-route.ts). Admins are answered from appRouter.
 */
export const routerByRole = {
  user: router(studioRouters),
  support: router({ ...studioRouters, [CONSOLE_ROUTER_KEY]: supportRouter } as const),
  admin: appRouter,
};

export type AppRouter = typeof appRouter;

export const createCaller = createCallerFactory(appRouter);
