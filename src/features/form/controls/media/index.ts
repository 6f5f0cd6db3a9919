export { ImageInputControl } from './ImageInputControl';
export { MultiImageInputControl } from './MultiImageInputControl';
export { StartEndImageInputControl } from './StartEndImageInputControl';
export { MaskInputControl } from './MaskInputControl';
// The prompt controls' Image to Prompt dialog and random prompt ride along with the editing controls.
import '~/features/image-to-prompt/register';
