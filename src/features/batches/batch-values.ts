/** What the generator holds of its Batch control: on or off, the prompts as typed, the variations. */
export type BatchValues = { on: boolean; prompts: string; variations: number };

export const BATCH_OFF: BatchValues = { on: false, prompts: '', variations: 1 };
