/**
 * One control of a model's form, by its catalogue type (tool-catalogue §3). Anything the
 * registry does not know renders 'Unknown control type'.
 */
import { Alert } from '@mantine/core';
import { useTranslations } from 'next-intl';
import type { ComponentType } from 'react';
import type { ControlType } from '~/catalogue';
import { ImageInputControl, MaskInputControl, MultiImageInputControl, StartEndImageInputControl } from './media';
import {
  BackgroundSelectorControl,
  ImageEffectSelectorControl,
  LoraSelectorControl,
  VideoEffectSelectorControl,
  VideoStyleSelectorControl,
} from './pickers';
import { AspectRatioControl } from './simple/AspectRatioControl';
import { ButtonGroupControl } from './simple/ButtonGroupControl';
import { DurationSelectorControl } from './simple/DurationSelectorControl';
import { NumberSelectorControl } from './simple/NumberSelectorControl';
import { PromptControl } from './simple/PromptControl';
import { PromptTemplateControl } from './simple/PromptTemplateControl';
import { SeedControl } from './simple/SeedControl';
import { SelectControl } from './simple/SelectControl';
import { SliderControl } from './simple/SliderControl';
import { ToggleControl } from './simple/ToggleControl';
import type { ControlProps } from './types';

type AnyControlComponent = ComponentType<ControlProps<never>>;

export const CONTROL_COMPONENTS: { [T in ControlType]: ComponentType<ControlProps<T>> } = {
  prompt: PromptControl,
  prompt_template: PromptTemplateControl,
  image_input: ImageInputControl,
  multi_image_input: MultiImageInputControl,
  start_end_image_input: StartEndImageInputControl,
  slider: SliderControl,
  button_group_selector: ButtonGroupControl,
  aspect_ratio_selector: AspectRatioControl,
  number_selector: NumberSelectorControl,
  duration_selector: DurationSelectorControl,
  seed: SeedControl,
  toggle: ToggleControl,
  lora_selector: LoraSelectorControl,
  select: SelectControl,
  image_effect_selector: ImageEffectSelectorControl,
  video_effect_selector: VideoEffectSelectorControl,
  video_style_selector: VideoStyleSelectorControl,
  background_selector: BackgroundSelectorControl,
  mask_input: MaskInputControl,
};

export function UnknownControl({ type }: { type: string }) {
  const t = useTranslations('form');
  return (
    <Alert color="gray" variant="light" data-testid="unknown-control" data-control-type={type}>
      {t('unknownControl')}
    </Alert>
  );
}

export function ControlRenderer(props: ControlProps) {
  const type = (props.control as { type: string }).type;
  const Component = (CONTROL_COMPONENTS as unknown as Record<string, AnyControlComponent | undefined>)[type];
  if (!Component) return <UnknownControl type={type} />;
  return <Component {...(props as unknown as ControlProps<never>)} />;
}
