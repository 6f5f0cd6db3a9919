/** video_style_selector: Pixverse styles (None, anime, 3D animation, clay, cyberpunk, comic). */
import type { ControlProps } from '../types';
import { CatalogueChoiceCards } from './CatalogueChoiceCards';

export function VideoStyleSelectorControl(props: ControlProps<'video_style_selector'>) {
  return <CatalogueChoiceCards {...props} />;
}
