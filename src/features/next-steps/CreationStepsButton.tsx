/** A creation's next-steps button (Recent Creations); its menu loads on first use. */
import { ActionIcon } from '@mantine/core';
import { useTranslations } from '~/i18n';
import dynamic from 'next/dynamic';
import { useState } from 'react';
import type { CreationSteps } from './creation-steps';

const loadMenu = () => import('./CreationStepsMenu');

function Trigger({ label, onClick, onPointerEnter, loading }: { label?: string; onClick?: () => void; onPointerEnter?: () => void; loading?: boolean }) {
  const t = useTranslations('nextSteps');
  return (
    <ActionIcon variant="default" radius="xl" size="md" aria-label={label ?? t('menu')} aria-haspopup="menu" loading={loading} onClick={onClick} onPointerEnter={onPointerEnter} data-testid="creation-steps-trigger">
      <span aria-hidden="true">⋯</span>
    </ActionIcon>
  );
}

export function CreationStepsButton({ steps, label, cost }: { steps: CreationSteps; label: string; cost: number }) {
  const [wanted, setWanted] = useState(false);
  if (wanted) return <CreationStepsMenu steps={steps} label={label} cost={cost} />;
  return <Trigger label={label} onClick={() => setWanted(true)} onPointerEnter={() => void loadMenu()} />;
}

const CreationStepsMenu = dynamic(loadMenu, { ssr: false, loading: () => <Trigger loading /> });
