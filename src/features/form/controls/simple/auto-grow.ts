/**
 * A textarea that grows with its text between a minimum and a maximum number of lines. Browsers
 * with `field-sizing: content` do it in their own layout; the others get one measurement per change
 * here. Mantine's `autosize` measures a hidden copy of the field three times and reads its computed
 * style on every render: on a phone that is most of a keystroke's time, and of the first one after
 * the page hydrates.
 */
import { useLayoutEffect, type CSSProperties, type RefObject } from 'react';

/** The field's style: its own padding and border come on top of the lines (Mantine's input is border-box). */
export function autoGrowStyle(minLines: number, maxLines: number): CSSProperties {
  const frame = 'calc(2 * var(--input-padding-y, 0rem) + 2 * 0.0625rem * var(--mantine-scale, 1))';
  return {
    fieldSizing: 'content',
    minHeight: `calc(${minLines}lh + ${frame})`,
    maxHeight: `calc(${maxLines}lh + ${frame})`,
    overflowY: 'auto',
    resize: 'none',
  } as CSSProperties;
}

const growsByItself = () => typeof CSS !== 'undefined' && CSS.supports('field-sizing', 'content');

/** Sizes the field to its text where the browser does not (min and max height still apply). */
export function useAutoGrow(ref: RefObject<HTMLTextAreaElement | null>, text: string): void {
  useLayoutEffect(() => {
    const node = ref.current;
    if (!node || growsByItself()) return;
    node.style.height = 'auto';
    // scrollHeight is the content and padding; the border comes on top (border-box).
    node.style.height = `${node.scrollHeight + node.offsetHeight - node.clientHeight}px`;
  }, [ref, text]);
}
