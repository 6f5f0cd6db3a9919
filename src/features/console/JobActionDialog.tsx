/** The reason for a job action (cancel, refund, re-run), asked in a dialog before it is sent. */
import { Modal } from '@mantine/core';
import { useTranslations } from '~/i18n';
import { trpc } from '~/utils/trpc';
import { ActionForm } from './ActionForm';

export type JobActionKind = 'cancel' | 'refund' | 'rerun';

export function JobActionDialog({ kind, generationId, onClose }: { kind: JobActionKind; generationId: string; onClose: () => void }) {
  const t = useTranslations('admin.jobs');
  const utils = trpc.useUtils();
  const cancel = trpc.admin.cancelJob.useMutation();
  const refund = trpc.admin.refundJob.useMutation();
  const rerun = trpc.admin.rerunJob.useMutation();
  const run = (input: { actionId: string; generationId: string; reason: string }) =>
    kind === 'cancel' ? cancel.mutateAsync(input) : kind === 'refund' ? refund.mutateAsync(input) : rerun.mutateAsync(input);
  return (
    <Modal opened onClose={onClose} title={t(`${kind}Title`)} centered>
      <ActionForm
        title={generationId}
        submitLabel={t(`${kind}Confirm`)}
        color={kind === 'cancel' ? 'red' : undefined}
        testId={`job-${kind}-form`}
        send={async ({ actionId, reason }) => {
          const answer = await run({ actionId, generationId, reason });
          await utils.admin.jobs.invalidate();
          onClose();
          return answer;
        }}
      />
    </Modal>
  );
}
