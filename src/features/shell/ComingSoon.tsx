import { Container, Paper, Text, Title } from '@mantine/core';
import { useTranslations } from 'next-intl';

/** Pages whose feature is not built yet say so plainly instead of pretending. */
export function ComingSoon({ what }: { what: string }) {
  const t = useTranslations('coming');
  return (
    <Container size="sm" py="xl">
      <Paper withBorder p="xl" radius="lg" data-testid="coming-soon">
        <Text size="sm" c="dimmed" tt="uppercase" fw={600}>
          {what}
        </Text>
        <Title order={2} mt={4}>
          {t('title')}
        </Title>
        <Text mt="sm">{t('body')}</Text>
      </Paper>
    </Container>
  );
}
