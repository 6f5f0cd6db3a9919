import { Anchor, Box, Text } from '@mantine/core';
import { useTranslations } from '~/i18n';
import { useState } from 'react';
import { COMMON_ASPECT_RATIOS } from '~/catalogue/public';
import { ControlField } from '../ControlField';
import type { ControlProps } from '../types';

const AUTO = 'auto';

/** Splits a model's ratios: up to 6 common ones shown, the rest behind the expander ('auto' always shown). */
export function splitRatios(choices: readonly string[]): { auto: boolean; common: string[]; more: string[] } {
  const common = COMMON_ASPECT_RATIOS.filter((r) => choices.includes(r));
  const more = choices.filter((r) => r !== AUTO && !(COMMON_ASPECT_RATIOS as readonly string[]).includes(r));
  return { auto: choices.includes(AUTO), common, more };
}

function RatioShape({ ratio }: { ratio: string }) {
  const [w, h] = ratio.split(':').map(Number);
  const size = 18;
  const width = w && h ? (w >= h ? size : Math.round((size * w) / h)) : size;
  const height = w && h ? (h >= w ? size : Math.round((size * h) / w)) : size;
  return <span aria-hidden="true" style={{ width, height, border: `2px ${ratio === AUTO ? 'dashed' : 'solid'} currentColor`, borderRadius: 3 }} />;
}

/**
 * Plain elements, not Mantine components: a model shows up to seven of these, and each Mantine
 * component adds fibers and hooks that the phone pays for while the page hydrates (three
 * components per button made the ratios the largest control of the form).
 */
function RatioButton({ ratio, label, active, disabled, onClick }: { ratio: string; label: string; active: boolean; disabled?: boolean; onClick: () => void }) {
  return (
    <button
      type="button"
      className="mantine-focus-auto"
      onClick={onClick}
      disabled={disabled}
      aria-pressed={active}
      data-testid={`ratio-${ratio}`}
      style={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 4,
        height: 56,
        width: '100%',
        padding: '8px 4px',
        font: 'inherit',
        cursor: disabled ? 'not-allowed' : 'pointer',
        borderRadius: 'var(--mantine-radius-md)',
        border: `1px solid ${active ? 'var(--mantine-primary-color-filled)' : 'var(--mantine-color-default-border)'}`,
        background: active ? 'var(--mantine-primary-color-light)' : 'var(--mantine-color-body)',
        color: active ? 'var(--mantine-primary-color-light-color)' : 'inherit',
        opacity: disabled ? 0.6 : 1,
      }}
    >
      <RatioShape ratio={ratio} />
      <span style={{ fontSize: 'var(--mantine-font-size-xs)', fontWeight: 600, lineHeight: 1 }}>{label}</span>
    </button>
  );
}

export function AspectRatioControl({ control, value, onChange, error, disabled }: ControlProps<'aspect_ratio_selector'>) {
  const t = useTranslations('form');
  const { auto, common, more } = splitRatios(control.choices);
  const current = typeof value === 'string' ? value : control.default;
  const [expanded, setExpanded] = useState(more.includes(current));
  const visible = expanded ? [...common, ...more] : common;
  return (
    <ControlField control={control} error={error}>
      <Box style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(46px, 1fr))', gap: 6 }}>
        {auto ? <RatioButton ratio={AUTO} label={t('auto')} active={current === AUTO} disabled={disabled} onClick={() => onChange(AUTO)} /> : null}
        {visible.map((ratio) => (
          <RatioButton key={ratio} ratio={ratio} label={ratio} active={current === ratio} disabled={disabled} onClick={() => onChange(ratio)} />
        ))}
      </Box>
      {more.length > 0 ? (
        <Anchor component="button" type="button" size="sm" onClick={() => setExpanded((v) => !v)} aria-expanded={expanded} data-testid="more-ratios">
          {expanded ? t('fewerRatios') : t('moreRatios', { count: more.length })}
        </Anchor>
      ) : null}
      {current === AUTO ? (
        <Text size="xs" c="dimmed">
          {t('autoHint')}
        </Text>
      ) : null}
    </ControlField>
  );
}
