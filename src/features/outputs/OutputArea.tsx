/**
 * The output area (core-flow §2, §4): placeholder, processing, failed and success views. Failed
 * shows the error; anything other than succeeded shows processing; succeeded shows text, images
 * or video by output type.
 */
import { Alert, Box, Button, Group, Image, Loader, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslations } from '~/i18n';
import { useState, type ReactNode } from 'react';
import type { PublicModelDefinition } from '~/catalogue/public';
import type { ShownPrediction } from '~/features/predictions/types';
import { useSystemStatus } from '~/features/maintenance/useSystemStatus';
import { useCountdown } from '~/features/progress/clock';
import { JobProgress } from '~/features/progress/JobProgress';
import { NotifyToggle } from '~/features/progress/NotifyToggle';
import { ImageNextSteps } from '~/features/next-steps/ImageNextSteps';
import { ImageCard } from './ImageCard';
import dynamic from 'next/dynamic';
import { downloadName, isVideoMedia } from '~/features/predictions/media';
import { TextOutput } from './TextOutput';

// The full-size viewer's code loads when a result is first opened.
const MediaLightbox = dynamic(() => import('./MediaLightbox').then((m) => m.MediaLightbox), { ssr: false });

// A before/after tool's sample comparison loads with its placeholder (the generator loads it for results too).
const ComparisonSlider = dynamic(() => import('./ComparisonSlider').then((m) => m.ComparisonSlider), { ssr: false });

/** Columns of the processing/result grid: 2 when there is more than one output (core-flow §4). */
export function gridColumns(count: number): 1 | 2 {
  return count > 1 ? 2 : 1;
}

export type OutputView = 'placeholder' | 'processing' | 'failed' | 'success';

export function outputView(prediction: ShownPrediction | null): OutputView {
  if (!prediction) return 'placeholder';
  if (prediction.status === 'failed') return 'failed';
  if (prediction.status !== 'succeeded') return 'processing';
  return 'success';
}

export type OutputAreaProps = {
  prediction: ShownPrediction | null;
  model: PublicModelDefinition;
  /** 'Queue wait time: ~{n}s' (free users only; null hides it). */
  queueWaitSeconds: number | null;
  estimatedSeconds: number;
  /** Image-to-image results may render a before/after comparison here (editing-tools feature). */
  renderComparison?: (afterUrl: string) => ReactNode;
  /** A finished result's own marks (its star, sharing and 'Copy link'), above its media: the generator passes them from creations and share. */
  renderKeepActions?: (prediction: ShownPrediction) => ReactNode;
};

export function OutputArea({ prediction, model, queueWaitSeconds, estimatedSeconds, renderComparison, renderKeepActions }: OutputAreaProps) {
  const view = outputView(prediction);
  return (
    // Polite live region: a screen reader hears the result (or the failure) when it arrives.
    <Box data-testid="output-area" data-view={view} data-prediction-id={prediction?.id ?? ''} aria-live="polite" aria-busy={view === 'processing'}>
      {view === 'placeholder' ? <PlaceholderView model={model} /> : null}
      {view === 'processing' && prediction ? (
        <ProcessingView prediction={prediction} outputType={prediction.outputType || model.ui.outputType} queueWaitSeconds={queueWaitSeconds} estimatedSeconds={estimatedSeconds} />
      ) : null}
      {view === 'failed' && prediction ? <FailedView error={prediction.error} /> : null}
      {view === 'success' && prediction ? <SuccessView prediction={prediction} fallbackType={model.ui.outputType} renderComparison={renderComparison} renderKeepActions={renderKeepActions} /> : null}
    </Box>
  );
}

/** 'Queue wait time: ~{n}s' with n the whole seconds left (the caller counts down). */
export function QueueNotice({ seconds }: { seconds: number }) {
  const t = useTranslations('generator');
  return (
    <Alert variant="light" color="violet" radius="md" data-testid="queue-notice" py="xs">
      {t('queueWait', { seconds: Math.round(seconds) })}
    </Alert>
  );
}

/**
 * A before/after tool's sample as the pair it is (core-flow: the 'Original' / 'Text Removed'
 * comparison before the first generation): the first example with its input, else the model's
 * sample input and default output. Null for tools without comparison labels.
 */
export function sampleComparison(model: Pick<PublicModelDefinition, 'ui'>): { before: string; after: string } | null {
  if (!model.ui.comparisonLabels) return null;
  const example = model.ui.examples.find((e) => e.input);
  if (example?.input) return { before: example.input, after: example.output };
  const after = model.ui.defaultOutput ?? model.ui.examples[0]?.output;
  return model.ui.sampleInputImage && after ? { before: model.ui.sampleInputImage, after } : null;
}

function PlaceholderView({ model }: { model: PublicModelDefinition }) {
  const t = useTranslations('outputs');
  const pair = sampleComparison(model);
  const sample = pair?.after ?? model.ui.defaultOutput ?? model.ui.examples[0]?.output;
  const video = sample ? isVideoMedia({ publicUrl: sample }) : false;
  return (
    <Paper withBorder radius="lg" p="lg" data-testid="output-placeholder" style={{ borderStyle: 'dashed' }}>
      <Stack align="center" gap="sm">
        {sample ? (
          <Box pos="relative" w="100%" maw={420}>
            {video ? (
              <video src={sample} muted loop autoPlay playsInline style={{ width: '100%', borderRadius: 12, opacity: 0.85 }} />
            ) : pair ? (
              <Box data-testid="sample-comparison">
                <ComparisonSlider originalUrl={pair.before} resultUrl={pair.after} model={model} maxHeight={420} />
              </Box>
            ) : (
              <Image src={sample} alt={t('sampleAlt')} radius="md" style={{ opacity: 0.85 }} />
            )}
            <Text size="xs" c="white" fw={600} pos="absolute" top={8} left={8} px={8} py={2} style={{ background: 'rgba(0,0,0,.55)', borderRadius: 6 }}>
              {t('sample')}
            </Text>
          </Box>
        ) : null}
        <Title order={4} ta="center">
          {t('placeholderTitle')}
        </Title>
        <Text c="dimmed" size="sm" ta="center">
          {t('placeholderBody')}
        </Text>
      </Stack>
    </Paper>
  );
}

function ProcessingView({ prediction, outputType, queueWaitSeconds, estimatedSeconds }: { prediction: ShownPrediction; outputType: string; queueWaitSeconds: number | null; estimatedSeconds: number }) {
  const t = useTranslations('outputs');
  const { timeScale } = useSystemStatus();
  // The free-tier wait counts down in place, then the progress bar takes over.
  const waitLeft = useCountdown(queueWaitSeconds, timeScale);
  const count = Math.max(1, prediction.outputNum || 1);
  const columns = gridColumns(count);
  const ratio = outputType === 'video' ? '16 / 9' : outputType === 'text' ? undefined : '1 / 1';
  return (
    <Stack gap="sm" data-testid="output-processing">
      {waitLeft !== null && waitLeft > 0 ? (
        <QueueNotice seconds={waitLeft} />
      ) : prediction.report ? (
        <JobProgress jobId={prediction.id} report={prediction.report} estimatedSeconds={estimatedSeconds} />
      ) : null}
      <Group gap="xs">
        <Loader size="xs" type="dots" />
        <Text size="sm" fw={500}>
          {prediction.status === 'pending' ? t('queued') : t('processing')}
        </Text>
      </Group>
      {outputType === 'video' ? (
        <Text size="sm" c="dimmed" data-testid="video-estimate">
          {t('videoEstimate', { seconds: Math.round(estimatedSeconds) })}
        </Text>
      ) : null}
      <SimpleGrid cols={columns} spacing="sm" data-testid="processing-grid" data-columns={columns}>
        {Array.from({ length: count }, (_, i) =>
          outputType === 'text' ? (
            <Stack key={i} gap={6} data-testid="processing-placeholder">
              <Skeleton height={12} radius="xl" />
              <Skeleton height={12} radius="xl" />
              <Skeleton height={12} width="70%" radius="xl" />
            </Stack>
          ) : (
            <Skeleton key={i} radius="md" style={{ aspectRatio: ratio }} data-testid="processing-placeholder" />
          ),
        )}
      </SimpleGrid>
      <NotifyToggle />
    </Stack>
  );
}

function FailedView({ error }: { error: string | null }) {
  const t = useTranslations('outputs');
  return (
    <Alert color="red" variant="light" radius="md" title={t('failedTitle')} data-testid="output-failed">
      {error || t('failedFallback')}
    </Alert>
  );
}

type SuccessViewProps = { prediction: ShownPrediction; fallbackType: string } & Pick<OutputAreaProps, 'renderComparison' | 'renderKeepActions'>;

function SuccessView({ prediction, fallbackType, renderComparison, renderKeepActions }: SuccessViewProps) {
  const t = useTranslations('outputs');
  const [open, setOpen] = useState<string | null>(null);
  const type = prediction.display?.outputType || prediction.outputType || fallbackType;
  const media = prediction.display?.outputMedia ?? [];

  if (type === 'text') {
    return <TextOutput text={prediction.display?.outputText ?? ''} />;
  }
  if (media.length === 0) {
    return (
      <Alert color="gray" variant="light" data-testid="output-empty">
        {t('noOutputs')}
      </Alert>
    );
  }
  if (type === 'video' || media.every(isVideoMedia)) {
    return (
      <Stack gap="sm" data-testid="output-video">
        {renderKeepActions?.(prediction)}
        {media.map((m, i) => (
          <Stack key={m.publicUrl} gap={6}>
            <video src={m.publicUrl} poster={m.thumbnailUrl ?? undefined} controls loop playsInline style={{ width: '100%', borderRadius: 12, background: '#000' }} />
            <Group justify="flex-end">
              <Button component="a" href={m.publicUrl} download={downloadName(m.publicUrl, `creation-${i + 1}.mp4`)} size="xs" variant="light">
                {t('download')}
              </Button>
            </Group>
          </Stack>
        ))}
      </Stack>
    );
  }
  const first = media[0]?.publicUrl;
  const comparison = renderComparison && first && media.length === 1 ? renderComparison(first) : null;
  return (
    <>
      {renderKeepActions?.(prediction)}
      {comparison && first ? (
        <Stack gap="xs" data-testid="output-images">
          {comparison}
          {media[0]?.key ? <ImageNextSteps objectKey={media[0].key} /> : null}
          <Group justify="flex-end" gap="xs">
            <Button size="xs" variant="default" onClick={() => setOpen(first)} data-testid="output-open">
              {t('open')}
            </Button>
            <Button component="a" href={first} download={downloadName(first, 'creation-1.png')} size="xs" variant="light" data-testid="output-download">
              {t('download')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <SimpleGrid cols={gridColumns(media.length)} spacing="sm" data-testid="output-images">
          {media.map((m, i) => (
            <Stack key={m.publicUrl} gap={6}>
              <ImageCard url={m.publicUrl} index={i} onOpen={() => setOpen(m.publicUrl)} />
              {m.key ? <ImageNextSteps objectKey={m.key} /> : null}
            </Stack>
          ))}
        </SimpleGrid>
      )}
      {prediction.display?.outputText ? (
        // What made an image result when the model says (the local engine's upscaler names its model).
        <Text size="xs" c="dimmed" mt={6} data-testid="output-label">
          {prediction.display.outputText}
        </Text>
      ) : null}
      {open !== null ? <MediaLightbox url={open} opened onClose={() => setOpen(null)} /> : null}
    </>
  );
}
