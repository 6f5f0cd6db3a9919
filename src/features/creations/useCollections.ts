/** The signed-in user's collections and the changes made to them, with the lists they show kept fresh. */
import { useTranslations } from '~/i18n';
import { describeRequestFailure } from '~/features/errors/request-error';
import { showToast } from '~/features/toast/toast';
import { trpc } from '~/utils/trpc';

export function useCollections(enabled: boolean) {
  const t = useTranslations('creations');
  const utils = trpc.useUtils();
  const list = trpc.collection.list.useQuery(undefined, { enabled });
  const refresh = () => Promise.all([utils.collection.list.invalidate(), utils.prediction.list.invalidate()]);
  const failed = (failure: unknown) => showToast({ title: t('collectionFailed'), description: describeRequestFailure('collection', failure).message, variant: 'destructive' });

  const create = trpc.collection.create.useMutation({ onSuccess: refresh, onError: failed });
  const rename = trpc.collection.rename.useMutation({ onSuccess: refresh, onError: failed });
  const remove = trpc.collection.delete.useMutation({ onSuccess: refresh, onError: failed });
  const add = trpc.collection.add.useMutation({
    onSuccess: async (result) => {
      await refresh();
      const name = utils.collection.list.getData()?.find((c) => c.id === result.id)?.name ?? '';
      showToast({ title: t('addedTitle'), description: t('addedToCollection', { count: result.added, name }), variant: 'success' });
    },
    onError: failed,
  });
  const takeOut = trpc.collection.remove.useMutation({
    onSuccess: async (result) => {
      await refresh();
      showToast({ title: t('removedTitle'), description: t('removedFromCollection', { count: result.removed }), variant: 'success' });
    },
    onError: failed,
  });
  return { collections: list.data ?? [], create, rename, remove, add, takeOut };
}
