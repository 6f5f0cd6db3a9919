/**
 * 'Use as input': a button until first used, then the menu of every tool that takes an image,
 * loaded on demand (it lists the whole image catalogue, which most visits never open).
 */
import dynamic from 'next/dynamic';
import { useState } from 'react';
import { UseAsInputButton } from './UseAsInputButton';

const loadMenu = () => import('./UseAsInputMenu');

const UseAsInputMenu = dynamic(loadMenu, { ssr: false, loading: () => <UseAsInputButton loading /> });

export function UseAsInput({ objectKey }: { objectKey: string }) {
  const [wanted, setWanted] = useState(false);
  if (wanted) return <UseAsInputMenu objectKey={objectKey} />;
  return <UseAsInputButton aria-haspopup="menu" onClick={() => setWanted(true)} onPointerEnter={() => void loadMenu()} />;
}
