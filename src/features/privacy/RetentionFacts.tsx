/** What the studio keeps about a person, and for how long (the retention days come from the server's setting). */
import { List, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslations } from '~/i18n';

export function RetentionFacts({ uploadRetentionDays }: { uploadRetentionDays: number }) {
  const t = useTranslations('privacy');
  return (
    <Paper withBorder radius="lg" p="md" data-testid="privacy-retention">
      <Stack gap="xs">
        <Title order={2} size="h3">
          {t('keepsTitle')}
        </Title>
        <List spacing="xs">
          <List.Item>
            <Text size="sm">{t('keepsCreations')}</Text>
          </List.Item>
          <List.Item>
            <Text size="sm" data-testid="privacy-uploads-days">
              {t('keepsUploads', { days: uploadRetentionDays })}
            </Text>
          </List.Item>
          <List.Item>
            <Text size="sm">{t('keepsBooks')}</Text>
          </List.Item>
        </List>
      </Stack>
    </Paper>
  );
}
