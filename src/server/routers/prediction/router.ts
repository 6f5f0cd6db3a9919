import { router } from '~/server/trpc/init';
import { remove } from './delete';
import { deleteMany } from './delete-many';
import { get } from './get';
import { list } from './list';
import { onUpdate } from './on-update';
import { recent } from './recent';
import { setSharing } from './set-sharing';
import { star } from './star';

export const predictionRouter = router({ get, list, recent, delete: remove, deleteMany, onUpdate, star, setSharing });
