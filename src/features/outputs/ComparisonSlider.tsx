/**
 * Before/after comparison of an image-to-image result (tool-catalogue §2): the original on the
 * left of the divider, the result on the right, labelled 'Original' and the tool's own label from
 * the model's ui.comparisonLabels (e.g. 'Text Removed'). Drag with a mouse or a finger anywhere on
 * the picture; the divider is a keyboard slider too (arrows, Home, End).
 */
import { Badge, Box } from '@mantine/core';
import { useTranslations } from '~/i18n';
import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import type { PublicModelDefinition } from '~/catalogue/public';

type Props = {
  originalUrl: string;
  resultUrl: string;
  /** The model whose ui.comparisonLabels name the result side. */
  model?: Pick<PublicModelDefinition, 'ui'>;
  /** Explicit labels, overriding the model's. */
  labels?: [string, string];
  maxHeight?: number | string;
};

const clamp = (value: number) => Math.min(100, Math.max(0, value));

export function ComparisonSlider({ originalUrl, resultUrl, model, labels, maxHeight = 640 }: Props) {
  const t = useTranslations('controls');
  const [position, setPosition] = useState(50);
  const [ratio, setRatio] = useState<number | null>(null);
  const box = useRef<HTMLDivElement>(null);
  const dragging = useRef<number | null>(null);
  const before = labels?.[0] ?? t('comparisonOriginal');
  const after = labels?.[1] ?? model?.ui.comparisonLabels?.[1] ?? t('comparisonResult');

  const moveTo = (clientX: number) => {
    const rect = box.current?.getBoundingClientRect();
    if (!rect || rect.width === 0) return;
    setPosition(clamp(((clientX - rect.left) / rect.width) * 100));
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    dragging.current = event.pointerId;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    moveTo(event.clientX);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (dragging.current === event.pointerId) moveTo(event.clientX);
  };
  const onPointerEnd = (event: PointerEvent<HTMLDivElement>) => {
    if (dragging.current === event.pointerId) dragging.current = null;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.shiftKey ? 10 : 2;
    const next =
      event.key === 'ArrowLeft' || event.key === 'ArrowDown'
        ? position - step
        : event.key === 'ArrowRight' || event.key === 'ArrowUp'
          ? position + step
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? 100
              : null;
    if (next === null) return;
    event.preventDefault();
    setPosition(clamp(next));
  };

  const layer = { position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'contain', display: 'block' } as const;

  return (
    <Box
      ref={box}
      pos="relative"
      data-testid="comparison-slider"
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerEnd}
      style={{
        width: '100%',
        maxWidth: ratio ? `calc(${typeof maxHeight === 'number' ? `${maxHeight}px` : maxHeight} * ${ratio})` : undefined,
        marginInline: 'auto',
        aspectRatio: ratio ? String(ratio) : '1 / 1',
        overflow: 'hidden',
        borderRadius: 'var(--mantine-radius-md)',
        background: 'repeating-conic-gradient(#e3e3e3 0% 25%, #f7f7f7 0% 50%) 50% / 20px 20px',
        touchAction: 'pan-y',
        userSelect: 'none',
        cursor: 'ew-resize',
      }}
    >
      {/* eslint-disable-next-line @next/next/no-img-element */}
      <img
        src={resultUrl}
        alt={after}
        draggable={false}
        style={layer}
        onLoad={(event) => {
          const { naturalWidth, naturalHeight } = event.currentTarget;
          if (naturalWidth > 0 && naturalHeight > 0) setRatio(naturalWidth / naturalHeight);
        }}
      />
      {/* eslint-disable-next-line @next/next/no-img-element */}
      <img src={originalUrl} alt={before} draggable={false} style={{ ...layer, clipPath: `inset(0 ${100 - position}% 0 0)` }} />
      <Badge pos="absolute" top={8} left={8} variant="filled" color="dark" tt="none" style={{ opacity: 0.85, pointerEvents: 'none' }}>
        {before}
      </Badge>
      <Badge pos="absolute" top={8} right={8} variant="filled" tt="none" style={{ opacity: 0.9, pointerEvents: 'none' }}>
        {after}
      </Badge>
      <div
        role="slider"
        tabIndex={0}
        aria-label={t('comparisonSlider', { before, after })}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(position)}
        aria-orientation="horizontal"
        onKeyDown={onKeyDown}
        style={{
          position: 'absolute',
          top: 0,
          bottom: 0,
          left: `${position}%`,
          width: 2,
          marginLeft: -1,
          background: 'white',
          boxShadow: '0 0 0 1px rgba(0,0,0,0.25)',
          outlineOffset: 4,
        }}
      >
        <span
          aria-hidden="true"
          style={{
            position: 'absolute',
            top: '50%',
            left: '50%',
            width: 36,
            height: 36,
            transform: 'translate(-50%, -50%)',
            borderRadius: '50%',
            background: 'white',
            boxShadow: '0 1px 6px rgba(0,0,0,0.35)',
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            color: '#333',
            fontSize: 14,
            fontWeight: 700,
          }}
        >
          ‹›
        </span>
      </div>
    </Box>
  );
}
