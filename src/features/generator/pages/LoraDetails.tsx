/** /models/{lora-id}: a LoRA's card, license notice, create link (core-flow §2, §6) and its how-to, tips and FAQ. */
import { Alert, Anchor, Badge, Button, Code, Container, Grid, Group, Image, List, Paper, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useTranslations } from '~/i18n';
import Link from 'next/link';
import { loraPageSections, type Lora } from '~/catalogue/public';

/** The LoRA app's create link (core-flow §2: create/flux-lora?lora={id}). */
export function loraCreateLink(id: string): string {
  return `/create/flux-lora?lora=${encodeURIComponent(id)}`;
}

export function LoraNotFound() {
  const t = useTranslations('models');
  return (
    <Container size="md" py="xl">
      <Alert color="red" variant="light" data-testid="lora-not-found">
        {t('notFound')}
      </Alert>
    </Container>
  );
}

export function LoraDetails({ lora, others }: { lora: Lora; others: Lora[] }) {
  const t = useTranslations('models');
  return (
    <Container size="lg" py="lg">
      <Stack gap="xl">
        <Anchor component={Link} href={loraCreateLink(lora.id).split('?')[0] ?? '/'} size="sm" c="dimmed">
          ← {t('backToLoras')}
        </Anchor>
        <Grid gap="xl">
          <Grid.Col span={{ base: 12, sm: 5 }}>
            <Image src={lora.image} alt={lora.label} radius="lg" style={{ aspectRatio: '1 / 1', objectFit: 'cover' }} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 7 }}>
            <Stack gap="md">
              <Group gap="xs">
                <Title order={1} size="h2" data-testid="lora-title">
                  {lora.label}
                </Title>
                {lora.isNew ? (
                  <Badge color="pink" variant="light">
                    {t('new')}
                  </Badge>
                ) : null}
              </Group>
              <Text>{lora.description}</Text>
              <Group gap={6}>
                {lora.tags.map((tag) => (
                  <Badge key={tag} variant="outline" color="gray">
                    {tag}
                  </Badge>
                ))}
              </Group>
              <Paper withBorder radius="md" p="md">
                <Stack gap={8}>
                  {lora.triggerWords.length > 0 ? (
                    <Group gap={6}>
                      <Text size="sm" fw={600}>
                        {t('triggerWords')}:
                      </Text>
                      {lora.triggerWords.map((w) => (
                        <Code key={w}>{w}</Code>
                      ))}
                    </Group>
                  ) : null}
                  <Text size="sm">
                    <Text span fw={600}>
                      {t('recommendedScale')}:
                    </Text>{' '}
                    {lora.recommendLoraScale}
                  </Text>
                  <Text size="sm">
                    <Text span fw={600}>
                      {t('license')}:
                    </Text>{' '}
                    {lora.commercialInfo.license}
                  </Text>
                  {lora.commercialInfo.notice ? (
                    <Badge color="orange" variant="light" data-testid="lora-notice">
                      {t('notForCommercialUse')}
                    </Badge>
                  ) : (
                    <Badge color="teal" variant="light">
                      {t('commercialOk')}
                    </Badge>
                  )}
                  <Text size="sm">
                    <Text span fw={600}>
                      {t('source')}:
                    </Text>{' '}
                    <Anchor href={`https://huggingface.co/${lora.repo_id}`} target="_blank" rel="noreferrer">
                      {lora.repo_id}
                    </Anchor>
                  </Text>
                </Stack>
              </Paper>
              <Stack gap={4}>
                <Text size="sm" fw={600}>
                  {t('defaultPrompt')}
                </Text>
                <Text size="sm" c="dimmed" fs="italic">
                  {lora.defaultPrompt}
                </Text>
              </Stack>
              <Group>
                <Button component={Link} href={loraCreateLink(lora.id)} size="md" radius="xl" variant="gradient" gradient={{ from: 'violet', to: 'pink' }} data-testid="lora-create">
                  {t('create')}
                </Button>
              </Group>
            </Stack>
          </Grid.Col>
        </Grid>
        <LoraPageContent lora={lora} />
        <Stack gap="sm">
          <Title order={3}>{t('otherStyles')}</Title>
          <SimpleGrid cols={{ base: 2, xs: 4, md: 8 }} spacing="sm">
            {others.map((other) => (
              <UnstyledButton key={other.id} component={Link} href={other.detailsLink}>
                <Stack gap={4}>
                  <Image src={other.image} alt="" radius="md" style={{ aspectRatio: '1 / 1', objectFit: 'cover' }} />
                  <Text size="xs" fw={500} lineClamp={1}>
                    {other.label}
                  </Text>
                </Stack>
              </UnstyledButton>
            ))}
          </SimpleGrid>
        </Stack>
      </Stack>
    </Container>
  );
}

/** How-to, tips and FAQ, each entry derived from this LoRA's facts (its contentLengths count them). */
function LoraPageContent({ lora }: { lora: Lora }) {
  const t = useTranslations('models.page');
  const sections = loraPageSections(lora);
  return (
    <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
      <Stack gap="xs" data-testid="lora-howto">
        <Title order={3}>{t('howToTitle')}</Title>
        <List type="ordered" size="sm" spacing={6}>
          {sections.howTo.map((e) => (
            <List.Item key={e.key}>{t(`howTo.${e.key}`, e.values)}</List.Item>
          ))}
        </List>
      </Stack>
      <Stack gap="xs" data-testid="lora-tips">
        <Title order={3}>{t('tipsTitle')}</Title>
        <List size="sm" spacing={6}>
          {sections.tips.map((e) => (
            <List.Item key={e.key}>{t(`tips.${e.key}`, e.values)}</List.Item>
          ))}
        </List>
      </Stack>
      <Stack gap="xs" data-testid="lora-faq">
        <Title order={3}>{t('faqTitle')}</Title>
        <dl style={{ margin: 0 }}>
          {sections.faq.map((e) => (
            <div key={e.key} style={{ marginBottom: 10 }}>
              <Text component="dt" size="sm" fw={600}>
                {t(`faq.${e.key}.q`)}
              </Text>
              <Text component="dd" size="sm" c="dimmed" m={0}>
                {t(`faq.${e.key}.a`, e.values)}
              </Text>
            </div>
          ))}
        </dl>
      </Stack>
    </SimpleGrid>
  );
}
