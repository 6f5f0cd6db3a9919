import { router } from '~/server/trpc/init';
import { create } from './create';
import { list } from './list';
import { revoke } from './revoke';

/** The caller's own API keys. No scope: a key cannot make or revoke keys. */
export const keysRouter = router({ list, create, revoke });
