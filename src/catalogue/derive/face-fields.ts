/**
 * The image fields of a model whose photo must show exactly one face (catalogue `faces: 'one'` on
 * an image input). The server checks them before charging; the form checks them on upload.
 * Works on full and public definitions alike (no zod: this file ships to the browser).
 */
import type { Control } from '../schema';

export function faceCheckedFields(model: { ui: { controls: readonly Control[] } }): string[] {
  return model.ui.controls.filter((c) => c.type === 'image_input' && c.faces === 'one').map((c) => c.name);
}
