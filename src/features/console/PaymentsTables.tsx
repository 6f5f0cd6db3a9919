/** Purchases and subscriptions of every user, newest first, by status, each linked to its Stripe object; admins refund a purchase from its row. */
import '@mantine/core/styles/Table.css';
import { Anchor, Button, NativeSelect, Paper, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import Link from 'next/link';
import { useState } from 'react';
import { formatMoney } from '~/features/billing/money';
import { useFormatter, useLocale, useTranslations } from '~/i18n';
import { roleCovers, type StaffRole } from '~/utils/staff-roles';
import { trpc } from '~/utils/trpc';
import { userPath } from './paths';
import { PurchaseRefundDialog } from './PurchaseRefundDialog';
import { MorePages } from './MorePages';

const PAGE_SIZE = 25;
const PURCHASE_STATUSES = ['paid', 'partially_refunded', 'refunded', 'disputed'];
const SUBSCRIPTION_STATUSES = ['active', 'trialing', 'past_due', 'canceled', 'unpaid', 'incomplete', 'incomplete_expired', 'paused'];

function StripeLink({ url }: { url: string | null }) {
  const t = useTranslations('admin.payments');
  if (!url) return <Text size="sm" c="dimmed">{t('local')}</Text>;
  return (
    <Anchor href={url} target="_blank" rel="noopener noreferrer" size="sm">
      {t('stripe')}
    </Anchor>
  );
}

function Purchases({ status, mayRefund }: { status: string | null; mayRefund: boolean }) {
  const t = useTranslations('admin.payments');
  const format = useFormatter();
  const locale = useLocale();
  const list = trpc.admin.purchases.useInfiniteQuery({ limit: PAGE_SIZE, ...(status ? { status } : {}) }, { getNextPageParam: (last) => last.nextCursor ?? undefined });
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  const [refunding, setRefunding] = useState<string | null>(null);
  return (
    <>
      {items.length === 0 && list.isSuccess ? <Text c="dimmed">{t('empty')}</Text> : null}
      {items.length > 0 ? (
        <Table striped data-testid="payments-purchases">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('when')}</Table.Th>
              <Table.Th>{t('user')}</Table.Th>
              <Table.Th>{t('item')}</Table.Th>
              <Table.Th ta="right">{t('amount')}</Table.Th>
              <Table.Th ta="right">{t('refunded')}</Table.Th>
              <Table.Th>{t('status')}</Table.Th>
              <Table.Th>{t('object')}</Table.Th>
              {mayRefund ? <Table.Th /> : null}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((row) => (
              <Table.Tr key={row.id} data-testid="payment-row" data-status={row.status}>
                <Table.Td>{format.dateTime(new Date(row.createdAt), { dateStyle: 'short', timeStyle: 'short' })}</Table.Td>
                <Table.Td>
                  <Anchor component={Link} href={userPath(row.userId)} size="sm">
                    {row.userEmail}
                  </Anchor>
                </Table.Td>
                <Table.Td>{t('itemCredits', { item: row.item, credits: row.credits })}</Table.Td>
                <Table.Td ta="right">{formatMoney(row.amount, row.currency, locale)}</Table.Td>
                <Table.Td ta="right">{row.amountRefunded > 0 ? formatMoney(row.amountRefunded, row.currency, locale) : ''}</Table.Td>
                <Table.Td>{row.status}</Table.Td>
                <Table.Td>
                  <StripeLink url={row.stripeUrl} />
                </Table.Td>
                {mayRefund ? (
                  <Table.Td>
                    {row.amountRefunded < row.amount ? (
                      <Button size="compact-xs" variant="light" color="red" onClick={() => setRefunding(row.id)}>
                        {t('refund')}
                      </Button>
                    ) : null}
                  </Table.Td>
                ) : null}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
      <MorePages list={list} label={t('more')} />
      {refunding ? <PurchaseRefundDialog purchaseId={refunding} onClose={() => setRefunding(null)} /> : null}
    </>
  );
}

function Subscriptions({ status }: { status: string | null }) {
  const t = useTranslations('admin.payments');
  const format = useFormatter();
  const list = trpc.admin.subscriptions.useInfiniteQuery({ limit: PAGE_SIZE, ...(status ? { status } : {}) }, { getNextPageParam: (last) => last.nextCursor ?? undefined });
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <>
      {items.length === 0 && list.isSuccess ? <Text c="dimmed">{t('empty')}</Text> : null}
      {items.length > 0 ? (
        <Table striped data-testid="payments-subscriptions">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('when')}</Table.Th>
              <Table.Th>{t('user')}</Table.Th>
              <Table.Th>{t('status')}</Table.Th>
              <Table.Th>{t('periodEnd')}</Table.Th>
              <Table.Th>{t('object')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((row) => (
              <Table.Tr key={row.id}>
                <Table.Td>{format.dateTime(new Date(row.createdAt), { dateStyle: 'short' })}</Table.Td>
                <Table.Td>
                  <Anchor component={Link} href={userPath(row.userId)} size="sm">
                    {row.userEmail}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  {row.status}
                  {row.cancelAtPeriodEnd ? ` · ${t('cancelsAtPeriodEnd')}` : ''}
                </Table.Td>
                <Table.Td>{format.dateTime(new Date(row.currentPeriodEnd), { dateStyle: 'medium' })}</Table.Td>
                <Table.Td>
                  <StripeLink url={row.stripeUrl} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
      <MorePages list={list} label={t('more')} />
    </>
  );
}

export function PaymentsTables({ role }: { role: StaffRole }) {
  const t = useTranslations('admin.payments');
  const [kind, setKind] = useState<'purchases' | 'subscriptions'>('purchases');
  const [status, setStatus] = useState<string | null>(null);
  const statuses = kind === 'purchases' ? PURCHASE_STATUSES : SUBSCRIPTION_STATUSES;
  return (
    <Paper withBorder radius="lg" p="md">
      <Stack gap="sm">
        <SegmentedControl
          value={kind}
          onChange={(value) => {
            setKind(value === 'subscriptions' ? 'subscriptions' : 'purchases');
            setStatus(null);
          }}
          data={[
            { value: 'purchases', label: t('purchases') },
            { value: 'subscriptions', label: t('subscriptions') },
          ]}
        />
        <NativeSelect label={t('status')} data={[{ value: '', label: t('any') }, ...statuses]} value={status ?? ''} onChange={(event) => setStatus(event.currentTarget.value || null)} maw={240} />
        {kind === 'purchases' ? <Purchases status={status} mayRefund={roleCovers(role, 'admin')} /> : <Subscriptions status={status} />}
      </Stack>
    </Paper>
  );
}
