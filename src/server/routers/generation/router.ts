import { router } from '~/server/trpc/init';
import { appModels } from './app-models';
import { apps } from './apps';
import { cancel } from './cancel';
import { check } from './check';
import { checkSync } from './check-sync';
import { model } from './model';
import { models } from './models';
import { nextSteps } from './next-steps';
import { randomPrompt } from './random-prompt';
import { runSync } from './run-sync';
import { submit } from './submit';

export const generationRouter = router({ submit, runSync, check, checkSync, cancel, apps, appModels, model, models, nextSteps, randomPrompt });
