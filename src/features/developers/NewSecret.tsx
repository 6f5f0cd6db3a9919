/** A secret shown once (a key's, an endpoint's signing secret), with a copy button. */
import { Alert, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import { useTranslations } from '~/i18n';

export function NewSecret({ secret, title, body, onDone }: { secret: string; title: string; body: string; onDone: () => void }) {
  const t = useTranslations('developers');
  return (
    <Alert color="yellow" title={title} data-testid="new-secret">
      <Stack gap="xs">
        <Text size="sm">{body}</Text>
        <Code block data-testid="new-secret-value">
          {secret}
        </Code>
        <Group gap="xs">
          <CopyButton value={secret}>{({ copied, copy }) => <Button size="xs" onClick={copy}>{copied ? t('copied') : t('copy')}</Button>}</CopyButton>
          <Button size="xs" variant="subtle" onClick={onDone}>
            {t('secretDone')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
