import { router } from '~/server/trpc/init';
import { appModels } from './app-models';
import { apps } from './apps';
import { batch } from './batch';
import { batches } from './batches';
import { cancel } from './cancel';
import { cancelBatch } from './cancel-batch';
import { check } from './check';
import { checkSync } from './check-sync';
import { model } from './model';
import { models } from './models';
import { nextSteps } from './next-steps';
import { randomPrompt } from './random-prompt';
import { runSync } from './run-sync';
import { submit } from './submit';
import { submitBatch } from './submit-batch';

export const generationRouter = router({ submit, submitBatch, batches, batch, cancelBatch, runSync, check, checkSync, cancel, apps, appModels, model, models, nextSteps, randomPrompt });
