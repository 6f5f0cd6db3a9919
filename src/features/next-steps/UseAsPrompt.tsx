import { useTranslations } from '~/i18n';
import { promptHandOverHref, useNextSteps } from './next-steps';
import { NextStepLink } from './NextStepLink';

/** 'Use as prompt': opens FLUX with this text in its prompt (price of FLUX's default shown). */
export function UseAsPrompt({ text }: { text: string }) {
  const t = useTranslations('nextSteps');
  const steps = useNextSteps();
  if (!steps) return null;
  return <NextStepLink href={promptHandOverHref(steps.prompt, text)} label={t('useAsPrompt')} cost={steps.prompt.cost} testId="next-step-use-as-prompt" variant="light" />;
}
