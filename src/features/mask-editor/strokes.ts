/**
 * The painted mask as a list of strokes (cheap to keep for undo, exact to replay at any size).
 * Rendered twice: as a coloured overlay on the image while painting, and as the mask itself:
 * black background, painted areas white (the area the model regenerates), erased areas black.
 */
export type MaskTool = 'brush' | 'eraser';
export type Point = { x: number; y: number };
/** `size` is the stroke width in image pixels. */
export type Stroke = { tool: MaskTool; size: number; points: Point[] };

export const OVERLAY_COLOR = '#ff2d78';
export const MASK_PAINT = '#ffffff';
export const MASK_BACKGROUND = '#000000';

type Ctx = Pick<
  CanvasRenderingContext2D,
  | 'beginPath'
  | 'moveTo'
  | 'lineTo'
  | 'arc'
  | 'fill'
  | 'stroke'
  | 'fillRect'
  | 'clearRect'
  | 'globalCompositeOperation'
  | 'strokeStyle'
  | 'fillStyle'
  | 'lineWidth'
  | 'lineCap'
  | 'lineJoin'
>;

export type RenderMode = 'overlay' | 'mask';

function styleFor(ctx: Ctx, tool: MaskTool, mode: RenderMode): void {
  if (mode === 'overlay') {
    ctx.globalCompositeOperation = tool === 'eraser' ? 'destination-out' : 'source-over';
    ctx.strokeStyle = OVERLAY_COLOR;
    ctx.fillStyle = OVERLAY_COLOR;
  } else {
    ctx.globalCompositeOperation = 'source-over';
    const color = tool === 'eraser' ? MASK_BACKGROUND : MASK_PAINT;
    ctx.strokeStyle = color;
    ctx.fillStyle = color;
  }
}

/** Draws the part of a stroke from point index `from` on (the whole stroke when from = 0). */
export function drawStroke(ctx: Ctx, stroke: Stroke, mode: RenderMode, from = 0): void {
  const { points } = stroke;
  if (points.length === 0) return;
  styleFor(ctx, stroke.tool, mode);
  ctx.lineWidth = stroke.size;
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  if (points.length === 1) {
    const p = points[0]!;
    ctx.beginPath();
    ctx.arc(p.x, p.y, stroke.size / 2, 0, Math.PI * 2);
    ctx.fill();
    return;
  }
  const start = Math.max(0, from - 1);
  ctx.beginPath();
  ctx.moveTo(points[start]!.x, points[start]!.y);
  for (let i = start + 1; i < points.length; i += 1) ctx.lineTo(points[i]!.x, points[i]!.y);
  ctx.stroke();
}

/** Clears and replays every stroke (undo, redraw, export). */
export function renderStrokes(ctx: Ctx, strokes: readonly Stroke[], mode: RenderMode, width: number, height: number): void {
  ctx.globalCompositeOperation = 'source-over';
  ctx.clearRect(0, 0, width, height);
  if (mode === 'mask') {
    ctx.fillStyle = MASK_BACKGROUND;
    ctx.fillRect(0, 0, width, height);
  }
  for (const stroke of strokes) drawStroke(ctx, stroke, mode);
  ctx.globalCompositeOperation = 'source-over';
}

/** Whether anything would be white in the mask (some brush stroke exists). */
export function hasPaint(strokes: readonly Stroke[]): boolean {
  return strokes.some((s) => s.tool === 'brush' && s.points.length > 0);
}

/** The mask as a PNG of the image's own size: white = paint (regenerate), black = keep. */
export async function maskPng(strokes: readonly Stroke[], width: number, height: number): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('No 2D canvas context for the mask.');
  renderStrokes(ctx, strokes, 'mask', width, height);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  if (!blob) throw new Error('The mask could not be encoded as PNG.');
  return blob;
}
