/**
 * 'Use as input': the menu of every tool that takes an image. Its code (Mantine's menu, 34 kB gzip,
 * which the generator's first load does without) loads with the result it belongs to; until then
 * the button shows disabled. Once loaded, the menu's own button is its target, so a click opens it
 * the way every other menu opens.
 *
 * It used to be a plain button that, when clicked, was swapped for a lazily loaded menu mounted
 * already open: the button a person had just clicked left the page in the middle of its click, and
 * in a fresh-clone CI run the menu never showed (the flow e2e test waited 30 s for its first item).
 */
import dynamic from 'next/dynamic';
import { UseAsInputButton } from './UseAsInputButton';

export const UseAsInput = dynamic(() => import('./UseAsInputMenu').then((m) => m.UseAsInputMenu), {
  ssr: false,
  loading: () => <UseAsInputButton disabled />,
});
