/** Collections of one's own creations (issue 21): each procedure unpacks its input and calls one service. */
import { router } from '~/server/trpc/init';
import { add } from './add';
import { create } from './create';
import { remove } from './delete';
import { list } from './list';
import { rename } from './rename';
import { removeItems } from './remove';

export const collectionRouter = router({ list, create, rename, delete: remove, add, remove: removeItems });
