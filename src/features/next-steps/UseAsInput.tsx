/**
 * 'Use as input': the menu of every tool that takes an image. Its code (Mantine's menu, 34 kB gzip,
 * which the generator's first load does without) loads with the result it belongs to; until then
 * the button shows disabled. Once loaded, the menu's own button is its target, so a click opens it
 * the way every other menu opens. A button swapped on click for a menu mounted already open would
 * leave the page in the middle of its own click, and the menu would then not reliably show.
 */
import dynamic from 'next/dynamic';
import { UseAsInputButton } from './UseAsInputButton';

export const UseAsInput = dynamic(() => import('./UseAsInputMenu').then((m) => m.UseAsInputMenu), {
  ssr: false,
  loading: () => <UseAsInputButton disabled />,
});
