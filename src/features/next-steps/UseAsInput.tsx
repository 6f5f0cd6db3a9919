/**
 * 'Use as input': the menu of every tool that takes an image. The menu is an ordinary Mantine menu
 * from the first render, with the button as its target, so a click opens it the way every other
 * menu opens. Only its items (they list the whole image catalogue, which most visits never open)
 * load on demand: when the pointer comes near, or when it opens.
 *
 * It used to swap the button for a lazily loaded menu that mounted already open: the button a
 * person had just clicked left the page in the middle of its click, and in a fresh-clone CI run the
 * menu never showed (the flow e2e test waited 30 s for its first item).
 */
import { Loader, Menu } from '@mantine/core';
import dynamic from 'next/dynamic';
import { UseAsInputButton } from './UseAsInputButton';

const loadItems = () => import('./UseAsInputMenu');

const UseAsInputItems = dynamic(() => loadItems().then((m) => m.UseAsInputItems), {
  ssr: false,
  loading: () => <Loader size="sm" m="sm" data-testid="use-as-input-loading" />,
});

export function UseAsInput({ objectKey }: { objectKey: string }) {
  return (
    <Menu position="bottom-end" withinPortal width={300} shadow="md">
      <Menu.Target>
        <UseAsInputButton onPointerEnter={() => void loadItems()} onFocus={() => void loadItems()} />
      </Menu.Target>
      <Menu.Dropdown data-testid="use-as-input-menu">
        <UseAsInputItems objectKey={objectKey} />
      </Menu.Dropdown>
    </Menu>
  );
}
