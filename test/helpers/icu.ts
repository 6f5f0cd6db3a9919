/**
 * The ICU shape of a UI message, read with the same parser next-intl formats messages with, so a
 * translation can be compared with its English original: which values the caller passes (and how
 * each is formatted), which rich-text tags it wraps, and how each plural branches.
 */
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';

export interface IcuPlural {
  kind: 'cardinal' | 'ordinal';
  /** Branch key (`one`, `other`, `=0`...) → whether that branch shows the number (`#`). */
  branches: Record<string, boolean>;
}

export interface IcuShape {
  /** One entry per argument or tag, e.g. `name`, `count, plural`, `<b>`; sorted, no repeats. */
  placeholders: string[];
  /** Plurals by the argument they count. */
  plurals: Record<string, IcuPlural>;
}

/** Throws the parser's error when the message is not valid ICU (an unbalanced brace, a stray quote...). */
export function icuShape(message: string): IcuShape {
  const placeholders = new Set<string>();
  const plurals: Record<string, IcuPlural> = {};

  const usesPound = (elements: MessageFormatElement[]): boolean =>
    elements.some((el) => el.type === TYPE.pound || (el.type === TYPE.tag && usesPound(el.children)));

  const walk = (elements: MessageFormatElement[]): void => {
    for (const el of elements) {
      switch (el.type) {
        case TYPE.argument:
          placeholders.add(el.value);
          break;
        case TYPE.number:
        case TYPE.date:
        case TYPE.time:
          placeholders.add(`${el.value}, ${TYPE[el.type]}${typeof el.style === 'string' ? `, ${el.style}` : ''}`);
          break;
        case TYPE.select:
          // Select keys are values from the code, not words: they must match exactly.
          placeholders.add(`${el.value}, select {${Object.keys(el.options).sort().join('|')}}`);
          for (const option of Object.values(el.options)) walk(option.value);
          break;
        case TYPE.plural: {
          const kind = el.pluralType === 'ordinal' ? 'ordinal' : 'cardinal';
          placeholders.add(`${el.value}, ${kind === 'ordinal' ? 'selectordinal' : 'plural'}${el.offset ? ` offset:${el.offset}` : ''}`);
          const plural = (plurals[el.value] ??= { kind, branches: {} });
          for (const [key, option] of Object.entries(el.options)) {
            plural.branches[key] = (plural.branches[key] ?? false) || usesPound(option.value);
            walk(option.value);
          }
          break;
        }
        case TYPE.tag:
          placeholders.add(`<${el.value}>`);
          walk(el.children);
          break;
        case TYPE.literal:
        case TYPE.pound:
          break;
      }
    }
  };

  walk(parse(message));
  return { placeholders: [...placeholders].sort(), plurals };
}
