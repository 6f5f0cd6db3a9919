/**
 * /admin/moderation: creations held by their screen or reported by visitors, oldest first, each
 * with its media, prompt, owner, screening scores and reports, and the decision: approve or take
 * down (with a reason, on the record). Below, the latest takedowns, each of which may be restored.
 */
import { Badge, Button, Center, Group, Image, List, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { inferRouterOutputs } from '@trpc/server';
import { useFormatter, useTranslations } from '~/i18n';
import type { AppRouter } from '~/server/trpc/root';
import { trpc } from '~/utils/trpc';
import { ActionForm } from './ActionForm';

type Queue = inferRouterOutputs<AppRouter>['admin']['moderationQueue'];
type Item = Queue['items'][number];
type Decision = 'approve' | 'take_down' | 'restore';

export function ModerationQueue() {
  const t = useTranslations('moderation.queue');
  const queue = trpc.admin.moderationQueue.useQuery();
  if (!queue.data) return null;
  const { items, total, removed } = queue.data;
  return (
    <Stack gap="lg" data-testid="moderation-queue">
      <Text c="dimmed" data-testid="moderation-total">
        {items.length === 0 ? t('empty') : t('total', { count: total })}
      </Text>
      {items.map((item) => (
        <QueueCard key={item.id} item={item} decisions={['approve', 'take_down']} />
      ))}
      {removed.length > 0 ? (
        <Stack gap="md">
          <Title order={3}>{t('removedList')}</Title>
          {removed.map((item) => (
            <QueueCard key={item.id} item={item} decisions={['restore']} />
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}

const DECISION_LABEL = { approve: 'approve', take_down: 'takeDown', restore: 'restore' } as const;

function QueueCard({ item, decisions }: { item: Item; decisions: Decision[] }) {
  const t = useTranslations('moderation.queue');
  const tr = useTranslations('moderation.report.reasons');
  const format = useFormatter();
  const utils = trpc.useUtils();
  const moderate = trpc.admin.moderate.useMutation();
  const [decision, setDecision] = useState<Decision>(decisions[0]!);
  const media = item.media[0];
  const preview = media ? (media.contentType.startsWith('video/') ? media.posterUrl : media.contentType.startsWith('image/') ? media.url : null) : null;
  return (
    <Paper withBorder radius="lg" p="md" data-testid="moderation-item" data-id={item.id}>
      <Group align="flex-start" gap="lg" wrap="wrap">
        {preview ? <Image src={preview} alt={item.prompt ?? ''} w={240} h={240} fit="contain" radius="md" data-testid="moderation-media" /> : <Center w={240} h={120}><Text size="sm" c="dimmed">{item.modelName}</Text></Center>}
        <Stack gap={6} style={{ flex: 1, minWidth: 280 }}>
          <Group gap="xs">
            {item.moderation === 'held' ? <Badge color="orange">{t('held')}</Badge> : null}
            {item.moderation === 'screening' ? <Badge color="orange">{t('screening')}</Badge> : null}
            {item.reports.length > 0 ? <Badge color="red">{t('reported')}</Badge> : null}
            <Badge variant="light" color="gray">{item.isPublic ? t('public') : t('private')}</Badge>
            <Text size="xs" c="dimmed">{t('since', { date: format.dateTime(item.since, { dateStyle: 'medium', timeStyle: 'short' }) })}</Text>
          </Group>
          <Text size="sm"><Text span fw={600}>{t('owner')}:</Text> {item.ownerEmail}</Text>
          <Text size="sm" data-testid="moderation-prompt"><Text span fw={600}>{t('prompt')}:</Text> {item.prompt ?? t('noPrompt')}</Text>
          {item.screening ? <Screening screening={item.screening} /> : null}
          {item.reports.length > 0 ? (
            <Stack gap={2}>
              <Text size="sm" fw={600}>{t('reports')}</Text>
              <List size="sm" data-testid="moderation-reports">
                {item.reports.map((report) => (
                  <List.Item key={report.id}>
                    {tr(report.reason)} ({report.signedIn ? t('signedIn') : t('signedOut')}, {format.dateTime(report.createdAt, { dateStyle: 'medium', timeStyle: 'short' })}){report.text ? `: ${report.text}` : ''}
                  </List.Item>
                ))}
              </List>
            </Stack>
          ) : null}
          {decisions.length > 1 ? (
            <SegmentedControl value={decision} onChange={(value) => setDecision(value as Decision)} data={decisions.map((value) => ({ value, label: t(DECISION_LABEL[value]) }))} data-testid="moderation-decision" />
          ) : null}
          <ActionForm
            title={t(DECISION_LABEL[decision])}
            submitLabel={t(DECISION_LABEL[decision])}
            color={decision === 'take_down' ? 'red' : undefined}
            testId={`moderation-${decision}`}
            send={async ({ actionId, reason }) => {
              const answer = await moderate.mutateAsync({ actionId, generationId: item.id, decision, reason });
              await utils.admin.moderationQueue.invalidate();
              return answer;
            }}
          />
        </Stack>
      </Group>
    </Paper>
  );
}

function Screening({ screening }: { screening: NonNullable<Item['screening']> }) {
  const t = useTranslations('moderation.queue');
  const score = (value: number) => value.toFixed(3);
  return (
    <Stack gap={2} data-testid="moderation-screening">
      {screening.images.map((image) => (
        <Text key={image.output} size="xs" c={image.held ? 'red' : 'dimmed'}>
          {t('scores', {
            index: image.output + 1,
            porn: score(image.scores.porn),
            hentai: score(image.scores.hentai),
            sexy: score(image.scores.sexy),
            neutral: score(image.scores.neutral),
            drawing: score(image.scores.drawing),
            share: score(image.explicitShare),
            threshold: screening.threshold,
          })}
        </Text>
      ))}
      {screening.promptWords.length > 0 ? <Text size="xs" c="red">{t('promptWords', { words: screening.promptWords.join(', ') })}</Text> : null}
      {screening.unanswered ? <Text size="xs" c="red">{t('unanswered', { reason: screening.unanswered, attempts: screening.attempts })}</Text> : null}
    </Stack>
  );
}
