/** 12 Renaissance portrait styles for the `kontext-renaissance` edit (core-flow §9). */
import { parseList } from '../parse';
import { slugify } from './slug';
import { presetSchema, type Preset } from './types';

const entries: [label: string, style: string][] = [
  ['Leonardo Sfumato', 'a High Renaissance portrait in the manner of Leonardo da Vinci, soft sfumato shading and a hazy landscape background'],
  ['Raphael Madonna', 'a serene portrait in the manner of Raphael, balanced composition, gentle colors and an idealized face'],
  ['Botticelli Allegory', 'an early Renaissance tempera painting in the manner of Botticelli, flowing hair, flowers and delicate line'],
  ['Titian Venetian', 'a Venetian oil portrait in the manner of Titian, rich reds, glowing skin and loose brushwork'],
  ['Michelangelo Fresco', 'a Sistine-style fresco in the manner of Michelangelo, sculptural anatomy and a painted sky'],
  ['Van Eyck Flemish', 'a Flemish panel portrait in the manner of Jan van Eyck, minute detail, jewel-like oil glazes and a dark background'],
  ['Dürer Engraving', 'a copperplate engraving in the manner of Albrecht Dürer, fine cross-hatching in black ink'],
  ['Holbein Court Portrait', 'a Tudor court portrait in the manner of Hans Holbein, rich fabrics, a green backdrop and precise detail'],
  ['Bronzino Mannerist', 'a cool Mannerist portrait in the manner of Bronzino, porcelain skin, elegant pose and silk garments'],
  ['Caravaggio Chiaroscuro', 'a dramatic chiaroscuro painting in the manner of Caravaggio, a single strong light out of darkness'],
  ['Giotto Gold Leaf', 'a proto-Renaissance panel in the manner of Giotto, tempera colors and a gold-leaf halo background'],
  ['Piero della Francesca', 'a calm profile portrait in the manner of Piero della Francesca, pale light and a distant Umbrian landscape'],
];

export const renaissanceStyles: readonly Preset[] = parseList(
  'Renaissance style',
  presetSchema,
  entries.map(([label, style]) => ({
    id: slugify(label),
    label,
    prompt: `Repaint this photo as ${style}. Dress the person in period clothing and keep their face recognizable.`,
  })),
);
