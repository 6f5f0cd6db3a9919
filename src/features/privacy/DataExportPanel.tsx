/**
 * Download my data: starts an export (or finds the one being prepared), shows its progress while
 * the server prepares it in the background, then the signed link, valid until the export expires
 * (a new one can be asked for once it has expired or failed).
 */
import { Anchor, Button, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { serverMessage } from '~/features/errors/request-error';
import { useFormatter, useTranslations } from '~/i18n';
import { trpc } from '~/utils/trpc';

/** How often the page asks while an export is being prepared. */
const POLL_MS = 1_500;

const preparing = (status: string | undefined) => status === 'queued' || status === 'running';

export function DataExportPanel() {
  const t = useTranslations('privacy');
  const format = useFormatter();
  const utils = trpc.useUtils();
  const latest = trpc.privacy.latestExport.useQuery(undefined, {
    refetchInterval: (query) => (preparing(query.state.data?.status) ? POLL_MS : false),
  });
  const request = trpc.privacy.requestExport.useMutation({ onSuccess: (view) => utils.privacy.latestExport.setData(undefined, view) });
  const current = latest.data ?? null;
  const percent = current && current.total > 0 ? Math.round((100 * current.done) / current.total) : 0;
  return (
    <Paper withBorder radius="lg" p="md" data-testid="privacy-export">
      <Stack gap="sm">
        <Title order={2} size="h3">
          {t('exportTitle')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('exportBody')}
        </Text>
        {current && preparing(current.status) ? (
          <Stack gap={4} data-testid="privacy-export-progress">
            <Text size="sm">{current.status === 'queued' ? t('exportQueued') : t('exportRunning', { done: current.done, total: current.total })}</Text>
            <Progress value={current.status === 'queued' ? 0 : percent} animated />
          </Stack>
        ) : null}
        {current?.status === 'ready' && current.downloadUrl ? (
          <Stack gap={4} data-testid="privacy-export-ready">
            <Text size="sm">{t('exportReady', { megabytes: Math.max(0.1, Math.round((current.size ?? 0) / 100_000) / 10) })}</Text>
            <Anchor href={current.downloadUrl} data-testid="privacy-export-download">
              {t('exportDownload')}
            </Anchor>
            {current.expiresAt ? (
              <Text size="xs" c="dimmed">
                {t('exportUntil', { when: format.dateTime(new Date(current.expiresAt), { dateStyle: 'medium', timeStyle: 'short' }) })}
              </Text>
            ) : null}
          </Stack>
        ) : null}
        {current?.status === 'failed' ? <Text c="red" size="sm">{t('exportFailed')}</Text> : null}
        {current?.status === 'expired' ? <Text size="sm" c="dimmed">{t('exportExpired')}</Text> : null}
        {request.isError ? <Text c="red" size="sm">{serverMessage(request.error) ?? t('exportFailed')}</Text> : null}
        {!preparing(current?.status) && current?.status !== 'ready' ? (
          <Button onClick={() => request.mutate()} loading={request.isPending} data-testid="privacy-export-start" style={{ alignSelf: 'flex-start' }}>
            {t('exportStart')}
          </Button>
        ) : null}
      </Stack>
    </Paper>
  );
}
