/**
 * A model's input rules as data (core-flow §5 per-model rules), and the one evaluator that runs
 * them. Data, not functions, so the same rules travel to the browser inside the public definition
 * and run there exactly as on the server. No zod and no catalogue content here: this file ships
 * to the browser.
 */

/** A rule applies only while `field` (the resolved mode for `mode`) has one of these values. */
export type RuleCondition = { field: string; in: (string | number)[] };

export type InputRule =
  /** A non-blank string. */
  | { kind: 'text'; field: string; message: string; when?: RuleCondition }
  /** Any given value: not empty, not blank, not an empty list. */
  | { kind: 'value'; field: string; message: string; when?: RuleCondition }
  /** One of a known set (a LoRA id, an effect of this model, a target model). */
  | { kind: 'oneOf'; field: string; values: (string | number)[]; message: string; when?: RuleCondition }
  /** A list with min..max non-blank entries. */
  | { kind: 'count'; field: string; min: number; max: number; tooFew: string; tooMany: string; when?: RuleCondition }
  /** When given, a number within min..max. */
  | { kind: 'range'; field: string; min: number; max: number; message: string; when?: RuleCondition };

type Values = Record<string, unknown>;

/** A value the user actually gave: not undefined/null, not a blank string, not an empty list. */
export function hasValue(v: unknown): boolean {
  if (v === undefined || v === null) return false;
  if (typeof v === 'string') return v.trim() !== '';
  if (Array.isArray(v)) return v.length > 0;
  return true;
}

const filledEntries = (v: unknown): number =>
  Array.isArray(v) ? v.filter((x) => typeof x === 'string' && x.trim() !== '').length : 0;

function applies(rule: InputRule, input: Values, mode: string | undefined): boolean {
  if (!rule.when) return true;
  const value = rule.when.field === 'mode' ? mode : input[rule.when.field];
  return rule.when.in.includes(value as string | number);
}

function broken(rule: InputRule, input: Values): string | undefined {
  const value = input[rule.field];
  switch (rule.kind) {
    case 'text':
      return typeof value === 'string' && value.trim() !== '' ? undefined : rule.message;
    case 'value':
      return hasValue(value) ? undefined : rule.message;
    case 'oneOf':
      return rule.values.includes(value as string | number) ? undefined : rule.message;
    case 'count': {
      const n = filledEntries(value);
      if (n < rule.min) return rule.tooFew;
      return n > rule.max ? rule.tooMany : undefined;
    }
    case 'range': {
      if (value === undefined || value === null || value === '') return undefined;
      return typeof value === 'number' && Number.isFinite(value) && value >= rule.min && value <= rule.max ? undefined : rule.message;
    }
  }
}

/** The first broken rule's exact message, in the order the model lists them; undefined when all hold. */
export function firstBrokenRule(rules: readonly InputRule[], input: Values, mode: string | undefined): string | undefined {
  for (const rule of rules) {
    if (!applies(rule, input, mode)) continue;
    const message = broken(rule, input);
    if (message) return message;
  }
  return undefined;
}

export type ValidationResult = { ok: true } | { ok: false; message: string };
