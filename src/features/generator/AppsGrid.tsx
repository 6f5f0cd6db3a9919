/** The studio's apps on the home page, by category, each linking to /create/{appId}. */
import { Badge, Box, Card, Chip, Group, Image, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslations } from '~/i18n';
import Link from 'next/link';
import { useMemo, useState } from 'react';
import { categoryMessageKey } from '~/catalogue/public';
import { useSystemStatus } from '~/features/maintenance/useSystemStatus';
import type { AppCard } from '~/server/pages/app-cards';


/** The cards come from the page's data (computed on the server from the catalogue). */
export function AppsGrid({ cards }: { cards: AppCard[] }) {
  const t = useTranslations('generator.home');
  const tAvailability = useTranslations('availability');
  const { isModelAvailable } = useSystemStatus();
  const [category, setCategory] = useState<string>('all');
  const categories = useMemo(() => [...new Set(cards.map((a) => a.category ?? 'other'))], [cards]);
  const shown = category === 'all' ? cards : cards.filter((a) => (a.category ?? 'other') === category);
  const label = (c: string) => t(categoryMessageKey(c));
  return (
    <Stack gap="md">
      <Chip.Group multiple={false} value={category} onChange={(v) => setCategory(v)}>
        <Group gap={6}>
          <Chip value="all" size="sm">
            {t('allCategories')}
          </Chip>
          {categories.map((c) => (
            <Chip key={c} value={c} size="sm">
              {label(c)}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="md" data-testid="apps-grid">
        {shown.map((app) => {
          const cover = app.cover;
          const count = app.modelCount;
          const unavailable = !app.modelIds.some(isModelAvailable);
          return (
            <Card key={app.id} component={Link} href={`/create/${app.id}`} withBorder radius="lg" padding="sm" data-testid={`app-card-${app.id}`} style={{ transition: 'transform 120ms ease' }}>
              <Card.Section pos="relative">
                {cover ? <Image src={cover} alt="" h={150} style={{ objectFit: 'cover' }} /> : <Box h={150} bg="var(--mantine-color-default-hover)" />}
                {app.category ? (
                  <Badge size="xs" variant="white" pos="absolute" top={10} left={10} style={{ boxShadow: '0 1px 4px rgba(0,0,0,.2)' }}>
                    {label(app.category)}
                  </Badge>
                ) : null}
              </Card.Section>
              <Stack gap={6} mt="sm">
                <Text fw={600} lineClamp={1} title={app.name}>
                  {app.name}
                </Text>
                <Text size="sm" c="dimmed" lineClamp={2} mih={40}>
                  {app.description}
                </Text>
                {unavailable ? (
                  <Text size="xs" c="red" data-testid={`app-unavailable-${app.id}`}>
                    {tAvailability('modelUnavailable')}
                  </Text>
                ) : null}
                <Group gap={6}>
                  <Badge size="xs" variant="outline" color="gray">
                    {t('models', { count })}
                  </Badge>
                  <Badge size="xs" variant="outline" color="violet">
                    {t('fromCredits', { count: app.lowestCost })}
                  </Badge>
                </Group>
              </Stack>
            </Card>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
