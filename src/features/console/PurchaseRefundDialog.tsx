/** The reason for refunding a purchase (admins), asked in a dialog; the provider refunds, the webhook takes the credits back. */
import { Modal, Text } from '@mantine/core';
import { useTranslations } from '~/i18n';
import { trpc } from '~/utils/trpc';
import { ActionForm } from './ActionForm';

export function PurchaseRefundDialog({ purchaseId, onClose }: { purchaseId: string; onClose: () => void }) {
  const t = useTranslations('admin.payments');
  const utils = trpc.useUtils();
  const refund = trpc.admin.refundPurchase.useMutation();
  return (
    <Modal opened onClose={onClose} title={t('refundTitle')} centered>
      <ActionForm
        title={purchaseId}
        submitLabel={t('refundConfirm')}
        color="red"
        testId="purchase-refund-form"
        send={async ({ actionId, reason }) => {
          const answer = await refund.mutateAsync({ actionId, purchaseId, reason });
          await utils.admin.purchases.invalidate();
          onClose();
          return answer;
        }}
      >
        <Text size="sm" c="dimmed">
          {t('refundHint')}
        </Text>
      </ActionForm>
    </Modal>
  );
}
