/** 29 hair colors and about 100 haircuts for the `kontext-hairstyle` edit (core-flow §9). */
import { parseList } from '../parse';
import { slugify } from './slug';
import { hairColorSchema, haircutSchema, type HairColor, type Haircut } from './types';

const colorEntries: [label: string, swatch: string][] = [
  ['Jet Black', '#0b0b0d'],
  ['Soft Black', '#24201f'],
  ['Dark Brown', '#3b2a20'],
  ['Chocolate Brown', '#4e3226'],
  ['Medium Brown', '#6a4a35'],
  ['Chestnut', '#7b4a2d'],
  ['Light Brown', '#8d6a4f'],
  ['Caramel', '#a87445'],
  ['Honey Blonde', '#c99a5b'],
  ['Golden Blonde', '#d8b06a'],
  ['Ash Blonde', '#bfb3a0'],
  ['Platinum Blonde', '#e8e2d5'],
  ['Strawberry Blonde', '#d69a6d'],
  ['Copper', '#b5562b'],
  ['Auburn', '#8e3b22'],
  ['Ginger', '#c0612e'],
  ['Burgundy', '#6d1f2f'],
  ['Cherry Red', '#a11d2b'],
  ['Rose Gold', '#d8a39a'],
  ['Pastel Pink', '#f2b5c8'],
  ['Hot Pink', '#e0407f'],
  ['Lavender', '#b9a3d9'],
  ['Purple', '#5e2d82'],
  ['Electric Blue', '#2a5bd7'],
  ['Teal', '#1f8a8a'],
  ['Mint Green', '#9ed9bd'],
  ['Silver', '#c7c9cc'],
  ['Grey', '#8e8f92'],
  ['White', '#f4f4f2'],
];

export const hairColors: readonly HairColor[] = parseList(
  'hair color',
  hairColorSchema,
  colorEntries.map(([label, swatch]) => ({ id: slugify(label), label, swatch })),
);

const cuts: Record<Haircut['length'], string[]> = {
  short: [
    'Buzz Cut', 'Crew Cut', 'Ivy League', 'Caesar Cut', 'French Crop', 'High and Tight', 'Flat Top',
    'Butch Cut', 'Induction Cut', 'Burr Cut', 'Low Fade', 'Mid Fade', 'High Fade', 'Skin Fade',
    'Taper Fade', 'Drop Fade', 'Burst Fade', 'Undercut', 'Disconnected Undercut', 'Textured Crop',
    'Side Part', 'Comb Over', 'Hard Part', 'Slick Back', 'Pompadour', 'Quiff', 'Faux Hawk', 'Mohawk',
    'Spiky Hair', 'Short Afro', 'Twist Out', 'Waves (360 Waves)', 'Pixie Cut', 'Long Pixie',
    'Undercut Pixie', 'Bowl Cut', 'Edgar Cut', 'Curly Top Fade', 'Tousled Crop', 'Brush Up',
  ],
  medium: [
    'Classic Bob', 'Blunt Bob', 'Angled Bob', 'Inverted Bob', 'Stacked Bob', 'French Bob', 'Italian Bob',
    'Long Bob (Lob)', 'Wavy Lob', 'Shag', 'Wolf Cut', 'Mullet', 'Modern Mullet', 'Curtain Bangs',
    'Bixie', 'Layered Shoulder Length', 'Flipped Ends', 'Butterfly Cut', 'Octopus Cut', 'Jellyfish Cut',
    'Hime Cut', 'Medium Curls', 'Curly Bob', 'Afro', 'Flow Hairstyle', 'Surfer Hair', 'Middle Part Curtains',
    'Man Bun', 'Half Up Top Knot', 'Braided Crown', 'Box Braids (Shoulder)', 'Cornrows', 'Twist Bob',
    'Sleek Straight Shoulder Length', 'Blowout', 'Finger Waves', 'Victory Rolls', 'Beach Waves (Medium)',
  ],
  long: [
    'Long Layers', 'Long Straight', 'Sleek Middle Part', 'Face-Framing Layers', 'Long Beach Waves',
    'Hollywood Waves', 'Long Curly', 'Long Shag', 'Rachel Layers', 'V-Cut Layers', 'U-Cut Layers',
    'High Ponytail', 'Low Sleek Ponytail', 'Bubble Ponytail', 'Messy Bun', 'Ballerina Bun', 'Space Buns',
    'Half Up Half Down', 'French Braid', 'Dutch Braids', 'Fishtail Braid', 'Waterfall Braid',
    'Long Box Braids', 'Goddess Locs', 'Dreadlocks', 'Long Viking Braids',
  ],
};

export const haircuts: readonly Haircut[] = parseList(
  'haircut',
  haircutSchema,
  (Object.entries(cuts) as [Haircut['length'], string[]][]).flatMap(([length, labels]) =>
    labels.map((label) => ({ id: slugify(label), label, length })),
  ),
);
