/**
 * "Keep this photo for next time", under a face photo sent to a portrait tool: unticked, the photo
 * is deleted as soon as its job ends; ticked, it stays (until the uploads' retention days). The
 * choice is stored on the upload at once, so it holds for every job that uses the photo.
 */
import { Checkbox } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslations } from '~/i18n';
import { trpc } from '~/utils/trpc';

export function KeepPhotoToggle({ url, testId }: { url: string; testId: string }) {
  const t = useTranslations('uploads');
  const [keep, setKeep] = useState(false);
  const save = trpc.upload.keepPhoto.useMutation();
  // A new photo starts unkept.
  useEffect(() => setKeep(false), [url]);
  return (
    <Checkbox
      size="xs"
      mt={6}
      label={t('keepPhoto')}
      description={t('keepPhotoHint')}
      checked={keep}
      disabled={save.isPending}
      onChange={(event) => {
        const next = event.currentTarget.checked;
        setKeep(next);
        save.mutate({ url, keep: next }, { onError: () => setKeep(!next) });
      }}
      data-testid={testId}
    />
  );
}
