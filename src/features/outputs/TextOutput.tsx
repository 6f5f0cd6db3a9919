import { Button, CopyButton, Group, Paper, Text } from '@mantine/core';
import { UseAsPrompt } from '~/features/next-steps/UseAsPrompt';
import { useTranslations } from '~/i18n';

/** The copy confirmation lasts 2 s (core-flow §9). */
export const COPIED_MS = 2000;

export function TextOutput({ text }: { text: string }) {
  const t = useTranslations('outputs');
  return (
    <Paper withBorder radius="md" p="md" data-testid="output-text">
      <Text style={{ whiteSpace: 'pre-wrap' }} size="sm">
        {text}
      </Text>
      <Group justify="flex-end" mt="sm" gap="xs">
        {text.trim() ? <UseAsPrompt text={text.trim()} /> : null}
        <CopyButton value={text} timeout={COPIED_MS}>
          {({ copied, copy }) => (
            <Button size="xs" variant={copied ? 'filled' : 'light'} color={copied ? 'teal' : undefined} onClick={copy} data-testid="copy-text">
              {copied ? t('copied') : t('copy')}
            </Button>
          )}
        </CopyButton>
      </Group>
    </Paper>
  );
}
