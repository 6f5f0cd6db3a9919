/** A creation's preview: its first output (video when the URL ends in .mp4), its text, or its state. */
import { Box, Center, Loader, Stack, Text } from '@mantine/core';
import { useTranslations } from '~/i18n';
import type { Prediction } from '~/features/predictions/types';
import { isVideoUrl } from '~/features/predictions/media';
import { ReviewBadge } from '~/features/predictions/ReviewBadge';
import { JobProgress } from '~/features/progress/JobProgress';
import type { CSSProperties } from 'react';

export function previewUrl(creation: Prediction): string | null {
  const first = creation.display.outputMedia[0];
  if (!first) return null;
  // A video's preview is the video itself unless a poster image exists.
  return first.thumbnailUrl ?? first.publicUrl;
}

export function CreationThumb({ creation, ratio = '1 / 1' }: { creation: Prediction; ratio?: string }) {
  const t = useTranslations('creations');
  const url = previewUrl(creation);
  const frame = { aspectRatio: ratio, width: '100%', borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden', background: 'var(--mantine-color-default-hover)' } as const;
  if (creation.status === 'failed') {
    return (
      <Center style={frame}>
        <Text size="xs" c="red" ta="center" px="xs">
          {t('statusFailed')}
        </Text>
      </Center>
    );
  }
  if (creation.status !== 'succeeded') {
    return (
      <Center style={frame}>
        <Stack gap={4} align="center" w="100%" px="xs">
          <Loader size="sm" type="dots" />
          <Text size="xs" c="dimmed">
            {t('statusRunning')}
          </Text>
          <Box w="100%">
            <JobProgress jobId={creation.id} report={creation} estimatedSeconds={creation.queue.estimatedSeconds} compact />
          </Box>
        </Stack>
      </Center>
    );
  }
  if (creation.review) {
    // The owner's creation under moderation says so on its preview.
    return (
      <Box pos="relative">
        <ThumbMedia creation={creation} url={url} frame={frame} />
        <Box pos="absolute" top={6} left={6}>
          <ReviewBadge review={creation.review} />
        </Box>
      </Box>
    );
  }
  return <ThumbMedia creation={creation} url={url} frame={frame} />;
}

function ThumbMedia({ creation, url, frame }: { creation: Prediction; url: string | null; frame: CSSProperties }) {
  if (url && isVideoUrl(url)) {
    return <Box component="video" src={url} muted loop playsInline preload="metadata" style={{ ...frame, objectFit: 'cover', display: 'block' }} data-testid="thumb-video" onMouseEnter={(e) => void (e.currentTarget as HTMLVideoElement).play().catch(() => undefined)} onMouseLeave={(e) => (e.currentTarget as HTMLVideoElement).pause()} />;
  }
  if (url) {
    return <Box component="img" src={url} alt={creation.display.prompt ?? ''} loading="lazy" style={{ ...frame, objectFit: 'cover', display: 'block' }} data-testid="thumb-image" />;
  }
  return (
    <Box style={{ ...frame, padding: 10 }}>
      <Text size="xs" lineClamp={6} data-testid="thumb-text">
        {creation.display.outputText ?? creation.display.prompt ?? ''}
      </Text>
    </Box>
  );
}
