/** The top of /image-effects/{effectId}: the effect, its example, and links to the other effects. */
import { Alert, Anchor, Badge, Box, Container, Group, Image, Paper, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useTranslations } from '~/i18n';
import Link from 'next/link';
import type { ImageEffect } from '~/catalogue/public';

export function EffectNotFound() {
  const t = useTranslations('effectsPage');
  return (
    <Container size="md" py="xl">
      <Alert color="red" variant="light" data-testid="effect-not-found">
        {t('notFound')}
      </Alert>
    </Container>
  );
}

export function EffectHeader({ effect, effects }: { effect: ImageEffect; effects: ImageEffect[] }) {
  const t = useTranslations('effectsPage');
  const tg = useTranslations('generator');
  const example = effect.examples[0];
  return (
    <Stack gap="md">
      <Anchor component={Link} href="/#tools" size="sm" c="dimmed">
        ← {tg('allTools')}
      </Anchor>
      <Group align="flex-start" gap="lg" wrap="wrap">
        <Stack gap={6} style={{ flex: '1 1 320px' }}>
          <Group gap="xs">
            <Title order={1} size="h2" data-testid="effect-title">
              {effect.name}
            </Title>
            {effect.isHot ? (
              <Badge color="orange" variant="light">
                {t('hot')}
              </Badge>
            ) : null}
            {effect.isNew ? (
              <Badge color="pink" variant="light">
                {t('new')}
              </Badge>
            ) : null}
          </Group>
          <Text c="dimmed">{effect.description}</Text>
        </Stack>
        {example ? (
          <Paper withBorder radius="md" p={6} style={{ flex: '0 1 300px' }}>
            <SimpleGrid cols={2} spacing={6}>
              <Stack gap={2}>
                <Image src={example.input} alt={t('before')} radius="sm" style={{ aspectRatio: '1 / 1', objectFit: 'cover' }} />
                <Text size="xs" c="dimmed" ta="center">
                  {t('before')}
                </Text>
              </Stack>
              <Stack gap={2}>
                <Image src={example.output} alt={t('after')} radius="sm" style={{ aspectRatio: '1 / 1', objectFit: 'cover' }} />
                <Text size="xs" c="dimmed" ta="center">
                  {t('after')}
                </Text>
              </Stack>
            </SimpleGrid>
          </Paper>
        ) : null}
      </Group>
      <Stack gap={6}>
        <Text size="sm" fw={600}>
          {t('otherEffects')}
        </Text>
        {/* Native horizontal scrolling: touch-friendly, and no scroll-area code in the page's first load. */}
        <Box style={{ overflowX: 'auto', paddingBottom: 8 }}>
          <Group gap="xs" wrap="nowrap">
            {effects.map((other) => (
              // Shallow: the generator below stays mounted and keeps the photo and settings.
              <UnstyledButton key={other.id} component={Link} href={`/image-effects/${other.id}`} shallow scroll={false} aria-current={other.id === effect.id ? 'page' : undefined} data-testid="effect-link">
                <Stack gap={2} w={84} align="center">
                  <Image
                    src={other.previewImage}
                    alt=""
                    w={72}
                    h={72}
                    radius="md"
                    style={{ objectFit: 'cover', outline: other.id === effect.id ? '2px solid var(--mantine-primary-color-filled)' : undefined, outlineOffset: 2 }}
                  />
                  <Text size="xs" ta="center" lineClamp={1}>
                    {other.name}
                  </Text>
                </Stack>
              </UnstyledButton>
            ))}
          </Group>
        </Box>
      </Stack>
    </Stack>
  );
}
