/** 32 extreme scenarios for the `kontext-change-scenery` edit (core-flow §9). */
import { parseList } from '../parse';
import { slugify } from './slug';
import { presetSchema, type Preset } from './types';

const entries: [label: string, scene: string][] = [
  ['Erupting Volcano', 'standing on black rock before an erupting volcano, lava rivers glowing orange'],
  ['Tornado Chase', 'in an open field with a massive tornado touching down behind them'],
  ['Shark Cage Dive', 'inside a steel shark cage underwater with great white sharks circling'],
  ['Skydiving', 'in free fall during a skydive high above a patchwork of fields'],
  ['Space Walk', 'floating in a spacesuit outside a space station with Earth below'],
  ['On the Moon', 'standing on the grey lunar surface with Earth rising over the horizon'],
  ['Mount Everest Summit', 'on the summit of Mount Everest with prayer flags and a sea of peaks'],
  ['Avalanche Escape', 'running down a snowy slope as an avalanche thunders behind them'],
  ['Tsunami Wave', 'on a beach facing a towering tsunami wave about to break'],
  ['Lightning Storm', 'on a hilltop under a violent thunderstorm with lightning bolts striking around'],
  ['Dinosaur Encounter', 'in a prehistoric jungle with a towering T. rex roaring behind them'],
  ['Dragon Attack', 'on castle ramparts as a huge fire-breathing dragon swoops overhead'],
  ['Zombie Apocalypse', 'on an abandoned city street overrun by a slow horde of zombies'],
  ['Alien Invasion', 'in a city square as giant alien ships hover above the skyline'],
  ['Deep Sea Trench', 'in a diving suit in the dark ocean trench lit by glowing deep-sea creatures'],
  ['Cliff Hanging', 'hanging from the edge of a sheer cliff with a thousand-metre drop below'],
  ['Wingsuit Flight', 'gliding in a wingsuit between jagged alpine peaks'],
  ['Big Wave Surfing', 'surfing inside the barrel of a gigantic ocean wave'],
  ['Arctic Blizzard', 'trudging through a whiteout Arctic blizzard with frost on their clothes'],
  ['Desert Sandstorm', 'in the desert as a towering wall of sandstorm rolls in'],
  ['Forest Wildfire', 'on a ridge with a wildfire raging through the pine forest below'],
  ['Rollercoaster Loop', 'in the front seat of a rollercoaster going through a giant loop'],
  ['Stampede', 'on the savanna as a herd of wildebeest stampedes past in clouds of dust'],
  ['Tightrope Over Canyon', 'balancing on a tightrope stretched across a deep canyon'],
  ['Bungee Jump', 'mid bungee jump from a high bridge over a rocky river gorge'],
  ['Rocket Launch', 'on the launch pad gantry as a huge rocket lifts off in fire and smoke'],
  ['Inside a Hurricane', 'in the calm eye of a hurricane with a wall of storm clouds all around'],
  ['Ice Cave Collapse', 'inside a blue glacier ice cave as icicles crash down'],
  ['Pirate Ship Battle', 'on the deck of a pirate ship mid cannon battle in stormy seas'],
  ['Gladiator Arena', 'in the sand of an ancient gladiator arena facing a lion before a roaring crowd'],
  ['Meteor Shower', 'on a mountain top as blazing meteors streak across the night sky'],
  ['Haunted Mansion', 'in the hallway of a haunted mansion with ghostly figures drifting past'],
];

export const extremeScenarios: readonly Preset[] = parseList(
  'extreme scenario',
  presetSchema,
  entries.map(([label, scene]) => ({
    id: slugify(label),
    label,
    prompt: `Change the scene so the person is ${scene}. Keep the person's face, identity and clothing unchanged and make the lighting match the new environment.`,
  })),
);
