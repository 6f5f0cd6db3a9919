/** Shared numbers of both specs (core-flow §9, tool-catalogue §5 and §9). */

/** Every value the generic `image_size` field accepts (tool-catalogue §5). */
export const ASPECT_RATIOS = [
  'auto',
  '9:16',
  '16:9',
  '10:16',
  '16:10',
  '2:3',
  '3:2',
  '3:4',
  '4:3',
  '4:5',
  '5:4',
  '1:1',
] as const;
export type AspectRatio = (typeof ASPECT_RATIOS)[number];

/** The ratios the selector shows before its expander (tool-catalogue §3). */
export const COMMON_ASPECT_RATIOS = ['1:1', '16:9', '9:16', '4:3', '3:4', '3:2'] as const;

export const UPLOAD_LIMIT_BYTES = 5 * 1024 * 1024;

/** Image types an upload may have (tool-catalogue §5), and the file extensions each may carry (first: the one we write). */
export const UPLOAD_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type UploadImageType = (typeof UPLOAD_IMAGE_TYPES)[number];
export const IMAGE_EXTENSIONS = {
  'image/jpeg': ['jpg', 'jpeg'],
  'image/png': ['png'],
  'image/webp': ['webp'],
  'image/gif': ['gif'],
} as const satisfies Record<string, readonly string[]>;
/** The longest prompt a prompt control takes when its provider publishes no limit of its own. */
export const DEFAULT_PROMPT_MAX_LENGTH = 2000;
export const UPLOAD_COMPRESSION_QUALITY = 0.8;

export const DEFAULT_ESTIMATED_DURATION = 60;
export const DEFAULT_CREDIT_COST = 1;
export const MIN_POLL_INTERVAL = 10;
export const POLL_REPEAT = 60;

export const RECENT_LIMIT_DEFAULT = 12;
export const RECENT_LIMIT_GENERATOR = 6;
export const MODEL_SEARCH_THRESHOLD = 6;
export const PROMPT_TEMPLATES_VISIBLE = 3;

/** Largest seed accepted: the providers take a signed 32-bit seed (0 to 2,147,483,647). */
export const SEED_MAX = 2_147_483_647;
/** The seed control's random button gives an integer below this (tool-catalogue §3). */
export const SEED_RANDOM_BELOW = 1_000_000;

export const NUM_OUTPUTS = { min: 1, max: 4, default: 1 } as const;
export const MAX_REFERENCE_IMAGES = 4;
export const VIDEO_DURATIONS = [5, 10] as const;
export const DEFAULT_VIDEO_DURATION = 5;

/** Mask editor brush size (tool-catalogue §9). */
export const MASK_BRUSH = { min: 1, max: 50, default: 20 } as const;

export const DEFAULT_IMAGE_SIZE = { width: 1024, height: 1024 } as const;
/** The largest width or height a caller may ask for (4 megapixels square): beyond it a provider refuses, after the charge. */
export const MAX_IMAGE_SIDE = 2048;

/** Wait times in seconds (core-flow §6, tool-catalogue §6). */
export const WAIT_TIME = {
  free: 60,
  freeKontext: 90,
  freeText: 30,
  premium: 10,
} as const;

/** A running job counts as stuck after max(factor × estimated duration, floor) seconds. */
export const TIME_LIMIT_FACTOR = 10;
export const TIME_LIMIT_FLOOR = 600;

/** The form's generic failure message (core-flow §5). */
export const GENERIC_INPUT_ERROR = 'Please check your input and try again.';

export const DEFAULT_LORA_ID = 'flux-realism';

/** Fields whose values must be integers whatever range a control gives them. */
/** The form fields that hold one input image URL (a list of reference images is input_image_urls). */
export const IMAGE_URL_FIELDS = [
  'image_url',
  'image_url_2',
  'image_prompt',
  'control_image',
  'start_image_url',
  'end_image_url',
  'effect_input',
  'effect_input_2',
] as const;

export const INTEGER_FIELDS: ReadonlySet<string> = new Set(['num_outputs', 'scale', 'seed', 'width', 'height', 'duration']);
