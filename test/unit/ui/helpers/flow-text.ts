import { createTranslator } from '~/i18n';
import { flowText, type FlowText } from '~/features/generator/flow/text';
import en from '~/messages/en.json';

/** The flow's texts as the English UI shows them. */
export function englishFlowText(): FlowText {
  const t = createTranslator({ locale: 'en', messages: en, namespace: 'generator.flow' });
  return flowText((key, values) => t(key as never, values as never));
}
