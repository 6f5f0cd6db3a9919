export { imageProxyUrl, loadImageForMasking, type LoadedImage } from './load-image';
export { MaskEditorDialog, type BrushRange } from './MaskEditorDialog';
export { drawStroke, hasPaint, maskPng, renderStrokes, type MaskTool, type Stroke } from './strokes';
export { useMaskUpload } from './useMaskUpload';
