/** Inputs several procedures share: the id of a catalogue entry, and of a generation. */
import { z } from 'zod';
import { inputText } from '~/catalogue';

/** A model, app, LoRA or effect id. */
export const catalogueIdInput = z.object({ id: inputText.min(1).max(100) });

/** A generation (prediction) id. */
export const generationIdInput = z.object({ id: inputText.min(1).max(64) });
