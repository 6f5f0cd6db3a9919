/**
 * One control of a model's form, by its catalogue type (tool-catalogue §3). Anything the
 * registry does not know renders 'Unknown control type'.
 */
import { Alert, Skeleton } from '@mantine/core';
import { useTranslations } from '~/i18n';
import dynamic from 'next/dynamic';
import type { ComponentType } from 'react';
import type { ControlType } from '~/catalogue/public';
import { AspectRatioControl } from './simple/AspectRatioControl';
import { ButtonGroupControl } from './simple/ButtonGroupControl';
import { DurationSelectorControl } from './simple/DurationSelectorControl';
import { NumberSelectorControl } from './simple/NumberSelectorControl';
import { PromptControl } from './simple/PromptControl';
import { PromptTemplateControl } from './simple/PromptTemplateControl';
import { SeedControl } from './simple/SeedControl';
import { SliderControl } from './simple/SliderControl';
import { ToggleControl } from './simple/ToggleControl';
import type { ControlProps } from './types';

/**
 * Uploads (the dropzone), the mask editor, the pickers (their content loads on demand too), the select and effect comboboxes are the heaviest controls and
 * only some tools have them: their code loads with the form that needs it, behind a skeleton the
 * size of the control, instead of in every generator page's first load.
 */
function lazyControl<T extends ControlType>(load: () => Promise<ComponentType<ControlProps<T>>>, height: number): ComponentType<ControlProps<T>> {
  return dynamic(load, { ssr: false, loading: () => <Skeleton h={height} radius="md" data-testid="control-loading" /> });
}
const ImageInputControl = lazyControl<'image_input'>(() => import('./media/ImageInputControl').then((m) => m.ImageInputControl), 180);
const MultiImageInputControl = lazyControl<'multi_image_input'>(() => import('./media/MultiImageInputControl').then((m) => m.MultiImageInputControl), 180);
const StartEndImageInputControl = lazyControl<'start_end_image_input'>(
  () => import('./media/StartEndImageInputControl').then((m) => m.StartEndImageInputControl),
  180,
);
const MaskInputControl = lazyControl<'mask_input'>(() => import('./media/MaskInputControl').then((m) => m.MaskInputControl), 120);
const LoraSelectorControl = lazyControl<'lora_selector'>(() => import('./pickers/LoraSelectorControl').then((m) => m.LoraSelectorControl), 90);
const BackgroundSelectorControl = lazyControl<'background_selector'>(() => import('./pickers/BackgroundSelectorControl').then((m) => m.BackgroundSelectorControl), 160);
const VideoStyleSelectorControl = lazyControl<'video_style_selector'>(() => import('./pickers/VideoStyleSelectorControl').then((m) => m.VideoStyleSelectorControl), 160);
const VideoEffectSelectorControl = lazyControl<'video_effect_selector'>(() => import('./pickers/VideoEffectSelectorControl').then((m) => m.VideoEffectSelectorControl), 200);
const SelectControl = lazyControl<'select'>(() => import('./simple/SelectControl').then((m) => m.SelectControl), 60);
const ImageEffectSelectorControl = lazyControl<'image_effect_selector'>(
  () => import('./pickers/ImageEffectSelectorControl').then((m) => m.ImageEffectSelectorControl),
  64,
);

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
