/**
 * The share page's "Report" action, for anyone, signed in or out. The page ships no JavaScript, so
 * this is a plain form in a disclosure: it posts to the page's own address, and the page that comes
 * back shows the outcome in its place (a thank-you, or why nothing was stored).
 */
import { Alert, Button, Radio, Stack, Text, Textarea } from '@mantine/core';
import { useTranslations } from '~/i18n';
import type { ReportOutcome } from '~/server/pages/share-page';
import { REPORT_REASONS, REPORT_TEXT_MAX } from '~/utils/moderation';

export function ReportForm({ id, outcome }: { id: string; outcome: ReportOutcome | null }) {
  const t = useTranslations('moderation.report');
  if (outcome === 'thanks' || outcome === 'already') {
    return (
      <Alert color="green" variant="light" data-testid="report-outcome" data-outcome={outcome}>
        {t(outcome)}
      </Alert>
    );
  }
  return (
    <details open={outcome !== null} data-testid="report">
      <summary style={{ cursor: 'pointer', width: 'fit-content' }}>
        <Text span size="sm" c="dimmed">
          {t('action')}
        </Text>
      </summary>
      <form method="post" action={`/c/${encodeURIComponent(id)}`} data-testid="report-form">
        <Stack gap="sm" mt="sm" maw={480}>
          {outcome ? (
            <Alert color="red" variant="light" data-testid="report-outcome" data-outcome={outcome}>
              {t(outcome)}
            </Alert>
          ) : null}
          <Radio.Group name="reason" label={t('title')} description={t('reason')} withAsterisk>
            <Stack gap={6} mt={6}>
              {REPORT_REASONS.map((reason) => (
                <Radio key={reason} value={reason} label={t(`reasons.${reason}`)} required data-testid={`report-reason-${reason}`} />
              ))}
            </Stack>
          </Radio.Group>
          <Textarea name="text" label={t('text')} description={t('textHint')} maxLength={REPORT_TEXT_MAX} autosize minRows={2} data-testid="report-text" />
          <Button type="submit" variant="default" w="fit-content" data-testid="report-send">
            {t('send')}
          </Button>
        </Stack>
      </form>
    </details>
  );
}
