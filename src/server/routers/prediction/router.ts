import { router } from '~/server/trpc/init';
import { remove, removeMany } from './delete';
import { get } from './get';
import { list, recent } from './list';
import { onUpdate } from './on-update';

export const predictionRouter = router({ get, list, recent, delete: remove, deleteMany: removeMany, onUpdate });
