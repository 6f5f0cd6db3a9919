import { router } from '~/server/trpc/init';
import { cancel } from './cancel';
import { appList, appModels, model, nextSteps, randomPrompt } from './catalogue';
import { check, checkSync } from './check';
import { runSync } from './run-sync';
import { submit } from './submit';

export const generationRouter = router({ submit, runSync, check, checkSync, cancel, apps: appList, appModels, model, nextSteps, randomPrompt });
