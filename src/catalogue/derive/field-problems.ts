/**
 * Per-field problems a form shows under its controls, derived from each control's own range,
 * choices and length (no zod: this file ships to the browser). The server's derived schema
 * (input-schema.ts) enforces the same bounds; these are the words people read beside the field.
 */
import { INTEGER_FIELDS, SEED_MAX } from '../constants';
import { MESSAGES } from '../messages';
import { promptMaxLength, promptTooLongMessage } from './prompt-length';
import type { Control } from '../schema';

type Values = Record<string, unknown>;

const isBlank = (v: unknown) => v === undefined || v === null || v === '';

function outOfRange(label: string, value: unknown, min: number, max: number, integer: boolean): string | undefined {
  if (typeof value !== 'number' || !Number.isFinite(value)) return `${label} must be a number.`;
  if (integer && !Number.isInteger(value)) return `${label} must be a whole number.`;
  return value < min || value > max ? `${label} must be between ${min} and ${max}.` : undefined;
}

function notAChoice(label: string, value: unknown, choices: readonly unknown[]): string | undefined {
  return choices.includes(value) ? undefined : `Choose a ${label.toLowerCase()} from the list.`;
}

/** The problem with one control's value, or undefined. Blank optional values are not problems here (rules say what is required). */
export function controlProblem(control: Control, values: Values): string | undefined {
  const value = values[control.name];
  if (isBlank(value)) return undefined;
  switch (control.type) {
    case 'slider':
      return outOfRange(control.label, value, control.min, control.max, INTEGER_FIELDS.has(control.name));
    case 'seed':
      // The server's words for the same rule (field-rules.ts seedSchema): seeds are 0..SEED_MAX everywhere.
      return Number.isInteger(value) && (value as number) >= 0 && (value as number) <= SEED_MAX ? undefined : MESSAGES.seedOutOfRange;
    case 'number_selector':
    case 'aspect_ratio_selector':
    case 'duration_selector':
      return notAChoice(control.label, value, control.choices);
    case 'select':
    case 'button_group_selector':
    case 'video_style_selector':
    case 'background_selector':
      return notAChoice(control.label, value, control.choices.map((c) => c.value));
    case 'prompt':
      // The one limit per prompt (prompt-length.ts): the counter's, and the server schema's message.
      return typeof value === 'string' && value.length > promptMaxLength(control) ? promptTooLongMessage(control) : undefined;
    default:
      return undefined;
  }
}

/** Problems by field name, for the visible controls given. */
export function fieldProblems(controls: readonly Control[], values: Values): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const control of controls) {
    const problem = controlProblem(control, values);
    if (problem && !(control.name in problems)) problems[control.name] = problem;
  }
  return problems;
}
