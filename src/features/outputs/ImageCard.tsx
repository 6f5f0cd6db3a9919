import { ActionIcon, Box, Group, Image, Paper } from '@mantine/core';
import { Hint } from '~/features/shell/Hint';
import { useTranslations } from '~/i18n';
import { downloadName } from '~/features/predictions/media';

/** One output image with open (large view) and download actions. */
export function ImageCard({ url, index, onOpen }: { url: string; index: number; onOpen: () => void }) {
  const t = useTranslations('outputs');
  return (
    <Paper withBorder radius="md" style={{ overflow: 'hidden', position: 'relative', background: 'var(--mantine-color-default-hover)' }} data-testid="output-image">
      <Box component="button" type="button" onClick={onOpen} aria-label={t('open')} style={{ display: 'block', width: '100%', padding: 0, border: 0, cursor: 'zoom-in', background: 'transparent' }}>
        <Image src={url} alt={t('imageAlt', { index: index + 1 })} fit="contain" mah={640} />
      </Box>
      <Group gap={6} style={{ position: 'absolute', top: 8, right: 8 }}>
        <Hint label={t('open')}>
          <ActionIcon variant="default" radius="xl" size="lg" onClick={onOpen} aria-label={t('open')} data-testid="output-open">
            <span aria-hidden="true">⤢</span>
          </ActionIcon>
        </Hint>
        <Hint label={t('download')}>
          <ActionIcon component="a" href={url} download={downloadName(url, `creation-${index + 1}.png`)} variant="default" radius="xl" size="lg" aria-label={t('download')} data-testid="output-download">
            <span aria-hidden="true">↓</span>
          </ActionIcon>
        </Hint>
      </Group>
    </Paper>
  );
}
