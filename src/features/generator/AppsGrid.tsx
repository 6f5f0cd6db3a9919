/** The studio's apps on the home page, by category, each linking to /create/{appId}. */
import { Badge, Box, Card, Chip, Group, Image, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslations } from 'next-intl';
import Link from 'next/link';
import { useMemo, useState } from 'react';
import { apps, creditCostFor, defaultsFor, getModel, type AppDefinition, type ModelDefinition } from '~/catalogue';

const KNOWN_CATEGORIES = ['image', 'edit', 'portrait', 'video', 'tools'] as const;

export function appModels(app: AppDefinition): ModelDefinition[] {
  return app.modelIds.map((id) => getModel(id)).filter((m): m is ModelDefinition => !!m);
}

/** The lowest default price among an app's models. */
export function lowestCost(app: AppDefinition): number {
  return Math.min(...appModels(app).map((m) => creditCostFor(m, defaultsFor(m))));
}

export function appCover(app: AppDefinition): string | undefined {
  const model = getModel(app.defaultModelId);
  return model?.ui.defaultOutput ?? model?.ui.examples[0]?.output;
}

export function AppsGrid() {
  const t = useTranslations('generator.home');
  const [category, setCategory] = useState<string>('all');
  const categories = useMemo(() => [...new Set(apps.map((a) => a.category ?? 'other'))], []);
  const shown = category === 'all' ? apps : apps.filter((a) => (a.category ?? 'other') === category);
  const label = (c: string) => ((KNOWN_CATEGORIES as readonly string[]).includes(c) ? t(`category.${c}` as 'category.image') : t('category.other'));
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
          const cover = appCover(app);
          const count = app.modelIds.length;
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
                <Group gap={6}>
                  <Badge size="xs" variant="outline" color="gray">
                    {t('models', { count })}
                  </Badge>
                  <Badge size="xs" variant="outline" color="violet">
                    {t('fromCredits', { count: lowestCost(app) })}
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
