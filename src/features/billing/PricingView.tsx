/**
 * /pricing (issue 19 item 1): the credit packs and the premium plan side by side. Everyone sees
 * the prices; Buy asks a signed-out visitor to sign in first; a premium user sees their plan.
 * When this server takes no payments (checkout 'off') every button says so.
 */
import { Alert, Container, Grid, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useSessionStatus } from '~/features/auth/session-status';
import { useTranslations } from '~/i18n';
import { trpc } from '~/utils/trpc';
import { PackCard } from './PackCard';
import { PlanCard } from './PlanCard';
import { useCheckout } from './useCheckout';
import type { Offer } from './types';

/** The pack with the lowest price per 100 credits, when the packs differ in it. */
export function bestValuePackId(offer: Offer): string | null {
  const prices = new Set(offer.packs.map((p) => p.pricePer100));
  if (prices.size < 2) return null;
  return offer.packs.reduce((best, p) => (p.pricePer100 < best.pricePer100 ? p : best)).id;
}

/** `offer`: what the page's server data already holds (no request then); otherwise asked once. */
export function PricingView({ offer: seed }: { offer?: Offer }) {
  const t = useTranslations('billing.pricing');
  const session = useSessionStatus();
  const offer = trpc.billing.offer.useQuery(undefined, { staleTime: 60_000, initialData: seed });
  const status = trpc.billing.status.useQuery(undefined, { enabled: session === 'authenticated' });
  const { buy, manage, busy } = useCheckout();
  const unavailable = offer.data?.checkout === 'off';
  const best = offer.data ? bestValuePackId(offer.data) : null;

  return (
    <Container size="lg" py="xl" data-testid="pricing">
      <Stack gap={4} mb="xl" maw={720}>
        <Title order={1}>{t('title')}</Title>
        <Text c="dimmed">{t('body')}</Text>
      </Stack>
      {unavailable ? (
        <Alert color="gray" variant="light" radius="md" mb="lg" title={t('unavailable')} data-testid="purchases-unavailable">
          {t('unavailableBody')}
        </Alert>
      ) : null}
      {offer.isError ? (
        <Alert color="red" variant="light" radius="md">
          {t('loadFailed')}
        </Alert>
      ) : (
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Title order={2} size="h3" mb="sm">
              {t('packsTitle')}
            </Title>
            <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} spacing="md" data-testid="packs">
              {offer.data
                ? offer.data.packs.map((pack) => (
                    <PackCard
                      key={pack.id}
                      pack={pack}
                      bestValue={pack.id === best}
                      unavailable={unavailable}
                      busy={busy === pack.id}
                      onBuy={() => void buy(pack.id, 'pack')}
                    />
                  ))
                : Array.from({ length: 3 }, (_, i) => <Skeleton key={i} height={230} radius="lg" />)}
            </SimpleGrid>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Title order={2} size="h3" mb="sm">
              {t('planSection')}
            </Title>
            {offer.data ? (
              <PlanCard
                plan={offer.data.plan}
                status={status.data ?? null}
                statusLoading={session === 'loading' || (session === 'authenticated' && status.isLoading)}
                unavailable={unavailable}
                busy={busy === 'subscribe' || busy === 'manage' ? busy : null}
                onSubscribe={() => void buy(offer.data.plan.id, 'plan')}
                onManage={() => void manage()}
              />
            ) : (
              <Skeleton height={330} radius="lg" />
            )}
          </Grid.Col>
        </Grid>
      )}
    </Container>
  );
}
