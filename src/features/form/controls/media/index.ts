export { ImageInputControl } from './ImageInputControl';
export { MultiImageInputControl } from './MultiImageInputControl';
export { StartEndImageInputControl } from './StartEndImageInputControl';
export { MaskInputControl } from './MaskInputControl';
