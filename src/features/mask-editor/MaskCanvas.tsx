/**
 * The painting surface: the image on one canvas, the strokes on a transparent canvas above it.
 * Pointer events (mouse, pen and touch alike); one pointer paints at a time; `touch-action: none`
 * keeps the page from scrolling under a finger. The brush size is in screen pixels.
 */
import { Box } from '@mantine/core';
import { useEffect, useLayoutEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import type { LoadedImage } from './load-image';
import { drawStroke, renderStrokes, type MaskTool, type Point, type Stroke } from './strokes';

type Props = {
  image: LoadedImage;
  strokes: readonly Stroke[];
  onStrokesChange: (strokes: Stroke[]) => void;
  tool: MaskTool;
  brushSize: number;
  label: string;
  disabled?: boolean;
  /** The dialog around it reports its opening animation ended; the canvas says data-ready once nothing on the dialog still moves (the photo is drawn before the first paint). */
  settled?: boolean;
  /** CSS length the painting area may not exceed in height. */
  maxHeight?: string;
};

export function MaskCanvas({ image, strokes, onStrokesChange, tool, brushSize, label, disabled = false, settled = true, maxHeight = '60vh' }: Props) {
  const baseRef = useRef<HTMLCanvasElement>(null);
  const overlayRef = useRef<HTMLCanvasElement>(null);
  const cursorRef = useRef<HTMLDivElement>(null);
  const current = useRef<Stroke | null>(null);
  const pointer = useRef<number | null>(null);

  // Both canvases get the image's size in the markup (below), so there is no moment when a stroke
  // lands on the browser's default 300×150 canvas and is wiped by a later resize. The photo and
  // the committed strokes are drawn before the browser paints: the first frame a person sees of
  // the painting area already shows them.
  useLayoutEffect(() => {
    const ctx = baseRef.current?.getContext('2d');
    if (ctx) ctx.drawImage(image.source, 0, 0, image.width, image.height);
  }, [image]);

  useLayoutEffect(() => {
    const ctx = overlayRef.current?.getContext('2d');
    if (ctx) renderStrokes(ctx, strokes, 'overlay', image.width, image.height);
  }, [strokes, image]);

  // Ready once the dialog's own animations have finished too: Mantine reports the enter transition
  // ended on a timer, measured ~1 px before the CSS transition came to rest.
  const [still, setStill] = useState(false);
  useEffect(() => {
    if (!settled) {
      setStill(false);
      return;
    }
    const dialog = overlayRef.current?.closest('[role="dialog"]');
    const running = dialog && typeof dialog.getAnimations === 'function' ? dialog.getAnimations() : [];
    let current = true;
    void Promise.allSettled(running.map((animation) => animation.finished)).then(() => {
      if (current) setStill(true);
    });
    return () => {
      current = false;
    };
  }, [settled]);

  /** Image pixels per screen pixel, and the event's position in image pixels. */
  const locate = (event: { clientX: number; clientY: number }): { point: Point; scale: number } => {
    const rect = overlayRef.current!.getBoundingClientRect();
    const scale = rect.width > 0 ? image.width / rect.width : 1;
    return { point: { x: (event.clientX - rect.left) * scale, y: (event.clientY - rect.top) * scale }, scale };
  };

  const moveCursor = (event: ReactPointerEvent<HTMLCanvasElement>) => {
    const cursor = cursorRef.current;
    const canvas = overlayRef.current;
    if (!cursor || !canvas) return;
    if (event.pointerType !== 'mouse') {
      cursor.style.opacity = '0';
      return;
    }
    const rect = canvas.getBoundingClientRect();
    cursor.style.opacity = '1';
    cursor.style.transform = `translate(${event.clientX - rect.left - brushSize / 2}px, ${event.clientY - rect.top - brushSize / 2}px)`;
  };

  const onPointerDown = (event: ReactPointerEvent<HTMLCanvasElement>) => {
    if (disabled || pointer.current !== null) return;
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    pointer.current = event.pointerId;
    const { point, scale } = locate(event);
    current.current = { tool, size: Math.max(1, brushSize * scale), points: [point] };
    const ctx = overlayRef.current?.getContext('2d');
    if (ctx) drawStroke(ctx, current.current, 'overlay');
  };

  const onPointerMove = (event: ReactPointerEvent<HTMLCanvasElement>) => {
    moveCursor(event);
    const stroke = current.current;
    if (!stroke || pointer.current !== event.pointerId) return;
    event.preventDefault();
    const native = event.nativeEvent as PointerEvent;
    const events = typeof native.getCoalescedEvents === 'function' ? native.getCoalescedEvents() : [];
    const from = stroke.points.length;
    for (const e of events.length > 0 ? events : [event]) stroke.points.push(locate(e).point);
    const ctx = overlayRef.current?.getContext('2d');
    if (ctx) drawStroke(ctx, stroke, 'overlay', from);
  };

  const finish = (event: ReactPointerEvent<HTMLCanvasElement>) => {
    if (pointer.current !== event.pointerId) return;
    pointer.current = null;
    const stroke = current.current;
    current.current = null;
    if (stroke) onStrokesChange([...strokes, stroke]);
  };

  const fill = { position: 'absolute', inset: 0, width: '100%', height: '100%', display: 'block' } as const;

  return (
    <Box
      pos="relative"
      mx="auto"
      style={{
        width: '100%',
        maxWidth: `calc(${maxHeight} * ${image.width} / ${image.height})`,
        aspectRatio: `${image.width} / ${image.height}`,
        overflow: 'hidden',
        borderRadius: 'var(--mantine-radius-md)',
        background: 'repeating-conic-gradient(#d9d9d9 0% 25%, #f5f5f5 0% 50%) 50% / 20px 20px',
      }}
    >
      <canvas ref={baseRef} width={image.width} height={image.height} style={fill} aria-hidden="true" />
      <canvas
        ref={overlayRef}
        width={image.width}
        height={image.height}
        role="img"
        aria-label={label}
        data-testid="mask-canvas"
        data-ready={still ? 'true' : undefined}
        style={{ ...fill, opacity: 0.55, touchAction: 'none', cursor: disabled ? 'default' : 'none' }}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={finish}
        onPointerCancel={finish}
        onPointerLeave={() => {
          if (cursorRef.current) cursorRef.current.style.opacity = '0';
        }}
        onContextMenu={(event) => event.preventDefault()}
      />
      <div
        ref={cursorRef}
        aria-hidden="true"
        style={{
          position: 'absolute',
          top: 0,
          left: 0,
          width: brushSize,
          height: brushSize,
          borderRadius: '50%',
          border: '1.5px solid white',
          boxShadow: '0 0 0 1px rgba(0,0,0,0.6)',
          background: tool === 'eraser' ? 'rgba(255,255,255,0.25)' : 'rgba(255,45,120,0.25)',
          pointerEvents: 'none',
          opacity: 0,
        }}
      />
    </Box>
  );
}
