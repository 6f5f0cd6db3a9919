/** background_selector: the headshot backgrounds (white, black, neutral, gray, office), five across. */
import type { ControlProps } from '../types';
import { CatalogueChoiceCards } from './CatalogueChoiceCards';

export function BackgroundSelectorControl(props: ControlProps<'background_selector'>) {
  return <CatalogueChoiceCards {...props} cols={{ base: 3, xs: 5 }} />;
}
