import { router } from '~/server/trpc/init';
import { attempts } from './attempts';
import { create } from './create';
import { enable } from './enable';
import { list } from './list';
import { remove } from './remove';
import { sendTest } from './send-test';

/** The caller's callback endpoints. No scope: a key cannot add, read or remove endpoints. */
export const callbacksRouter = router({ list, create, remove, enable, attempts, sendTest });
