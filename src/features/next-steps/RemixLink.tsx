import { useTranslations } from '~/i18n';
import { NextStepLink } from './NextStepLink';

/** 'Remix': reopens the creation's tool with its exact settings (the price it cost is shown). */
export function RemixLink({ href, cost }: { href: string; cost: number }) {
  const t = useTranslations('nextSteps');
  return <NextStepLink href={href} label={t('remix')} cost={cost} testId="next-step-remix" />;
}
