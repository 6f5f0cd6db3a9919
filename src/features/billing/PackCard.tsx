/** One credit pack on /pricing: its credits, its price, the price per 100 credits, and Buy. */
import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { useLocale, useTranslations } from '~/i18n';
import { formatMoney } from './money';
import type { Pack } from './types';

export type PackCardProps = {
  pack: Pack;
  /** The pack with the lowest price per 100 credits, when packs differ in it. */
  bestValue: boolean;
  /** Checkout is 'off' on this server: the button says purchases are not available. */
  unavailable: boolean;
  busy: boolean;
  onBuy: () => void;
};

export function PackCard({ pack, bestValue, unavailable, busy, onBuy }: PackCardProps) {
  const t = useTranslations('billing.pricing');
  const locale = useLocale();
  return (
    <Card withBorder radius="lg" padding="lg" data-testid="pack-card" data-pack={pack.id}>
      <Stack gap="xs" h="100%">
        <Text fw={700} size="xl" data-testid="pack-credits">
          {t('credits', { count: pack.credits })}
        </Text>
        {/* Where the card is narrow (or the words long) the badge moves under the price rather than shrinking. */}
        <Group gap="xs" wrap="wrap" align="center">
          <Text fw={700} size="28px" lh={1.1} data-testid="pack-price">
            {formatMoney(pack.amount, pack.currency, locale)}
          </Text>
          {bestValue ? (
            <Badge variant="light" color="teal" size="sm" style={{ flexShrink: 0 }}>
              {t('bestValue')}
            </Badge>
          ) : null}
        </Group>
        <Text size="sm" c="dimmed" data-testid="pack-per-100">
          {t('perHundred', { price: formatMoney(pack.pricePer100, pack.currency, locale) })}
        </Text>
        <Text size="xs" c="dimmed" style={{ flex: 1 }}>
          {t('oneTime')}
        </Text>
        <Button radius="xl" fullWidth mt="xs" onClick={onBuy} loading={busy} disabled={unavailable} data-testid="pack-buy">
          {unavailable ? t('unavailable') : t('buy')}
        </Button>
      </Stack>
    </Card>
  );
}
