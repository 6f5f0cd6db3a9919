import { router } from '~/server/trpc/init';
import { cancel } from './cancel';
import { check, checkSync } from './check';
import { runSync } from './run-sync';
import { submit } from './submit';

export const generationRouter = router({ submit, runSync, check, checkSync, cancel });
