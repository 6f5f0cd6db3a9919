/**
 * The form's sticky footer (core-flow §2, tool-catalogue §4): the live credit cost, the privacy
 * toggle (premium only, with the upgrade tooltip otherwise) and Generate, disabled while
 * processing or invalid; while processing it reads 'Generating...' with the estimate (~Ns).
 */
import { Box, Button, Group, Switch, Text, VisuallyHidden } from '@mantine/core';
import { Hint } from '~/features/shell/Hint';
import { useTranslations } from '~/i18n';

export type FormFooterProps = {
  cost: number;
  valid: boolean;
  validationMessage: string | null;
  processing: boolean;
  checking: boolean;
  estimatedSeconds: number;
  premium: boolean;
  isPublic: boolean;
  onPublicChange: (value: boolean) => void;
  onGenerate: () => void;
  /** Generate's own words when the form is sent as something else (a batch: 'Generate 24 · 24 credits'). */
  generateLabel?: string;
};

export function FormFooter(props: FormFooterProps) {
  const t = useTranslations('generator');
  const { cost, valid, validationMessage, processing, checking, estimatedSeconds, premium, isPublic } = props;
  const tooltipId = 'privacy-tooltip-text';
  const privacy = (
    <Switch
      label={t('public')}
      aria-describedby={premium ? undefined : tooltipId}
      checked={premium ? isPublic : true}
      onChange={(event) => props.onPublicChange(event.currentTarget.checked)}
      disabled={!premium || processing}
      size="sm"
      data-testid="privacy-toggle"
    />
  );
  return (
    <Box
      data-testid="form-footer"
      style={{
        position: 'sticky',
        bottom: 0,
        zIndex: 5,
        borderTop: '1px solid var(--mantine-color-default-border)',
        background: 'var(--mantine-color-body)',
        borderBottomLeftRadius: 'var(--mantine-radius-lg)',
        borderBottomRightRadius: 'var(--mantine-radius-lg)',
        boxShadow: '0 -6px 16px -12px rgba(0,0,0,.25)',
      }}
      px="md"
      py="sm"
    >
      {!valid && validationMessage && !processing ? (
        <Text size="xs" c="dimmed" mb={6} data-testid="validation-message" id="generate-blocked-reason">
          {validationMessage}
        </Text>
      ) : null}
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Group gap="md" wrap="nowrap">
          <Box>
            <Text size="xs" c="dimmed" lh={1.2}>
              {t('creditsRequired')}
            </Text>
            <Text fw={700} size="lg" lh={1.2} data-testid="credit-cost">
              {cost}
            </Text>
          </Box>
          {/* One stable tree whatever the plan, so the switch keeps its identity when premium loads. */}
          <Hint label={t('privateTooltip')} width={220} disabled={premium}>
            {/* Focusable when locked, so keyboard users reach the tooltip; screen readers get its text. */}
            <Box data-testid={premium ? 'privacy-open' : 'privacy-locked'} tabIndex={premium ? undefined : 0}>
              {privacy}
              {premium ? null : (
                <VisuallyHidden id={tooltipId}>{t('privateTooltip')}</VisuallyHidden>
              )}
            </Box>
          </Hint>
        </Group>
        <Button
          size="md"
          radius="xl"
          onClick={props.onGenerate}
          disabled={processing || !valid}
          aria-describedby={!valid && validationMessage && !processing ? 'generate-blocked-reason' : undefined}
          loading={checking}
          data-testid="generate-button"
          variant="gradient"
          gradient={{ from: 'violet', to: 'pink' }}
          miw={140}
        >
          {processing ? (
            <Group gap={6} wrap="nowrap">
              <span>{t('generating')}</span>
              <Text span size="xs" opacity={0.85} data-testid="generate-estimate">
                {t('estimate', { seconds: Math.round(estimatedSeconds) })}
              </Text>
            </Group>
          ) : (
            (props.generateLabel ?? t('generate'))
          )}
        </Button>
      </Group>
    </Box>
  );
}
