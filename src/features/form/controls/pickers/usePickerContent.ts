/**
 * The pickers' content (LoRAs, effects), loaded once per page when the first picker renders: it
 * is not part of the page's first-load JavaScript. Null until it has arrived.
 */
import { useEffect, useState } from 'react';
import { loadPickerContent, type PickerContent } from '~/catalogue/public';

let loaded: PickerContent | null = null;
let loading: Promise<PickerContent> | null = null;

export function usePickerContent(): PickerContent | null {
  const [content, setContent] = useState<PickerContent | null>(loaded);
  useEffect(() => {
    if (content) return;
    let live = true;
    loading ??= loadPickerContent().then((module) => (loaded = module));
    void loading.then((module) => live && setContent(module));
    return () => {
      live = false;
    };
  }, [content]);
  return content;
}
