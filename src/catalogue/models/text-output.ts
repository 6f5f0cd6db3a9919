/**
 * Output cleaners of the text models: what each provider model really answers (its schema's
 * Output type and documented examples) turned into the plain text a person reads and copies.
 * Each text model declares one in `api.textOutput`; the server applies it when it stores the result.
 */
import type { TextOutputFn } from '../schema';

/** The text inside a raw output: a string, streamed tokens, or a `{text}` / `{output}` wrapper. */
export function rawText(output: unknown): string | undefined {
  if (typeof output === 'string') return output;
  if (Array.isArray(output)) {
    const parts = output.map(rawText).filter((part): part is string => part !== undefined);
    // Streamed tokens carry their own spaces; whole items (e.g. BLIP's [{text}]) are lines.
    return parts.length === 0 ? undefined : output.every((item) => typeof item === 'string') ? parts.join('') : parts.join('\n');
  }
  if (typeof output === 'object' && output !== null) {
    const record = output as Record<string, unknown>;
    for (const key of ['text', 'output', 'caption']) {
      if (key in record) return rawText(record[key]);
    }
  }
  return undefined;
}

const tidy = (text: string | undefined): string | undefined => {
  const trimmed = text?.trim();
  return trimmed ? trimmed : undefined;
};

/** Undoes the escapes of a Python string literal (the repr Florence-2's dict is printed with). */
function unescapePython(body: string): string {
  const escapes: Record<string, string> = { n: '\n', t: '\t', r: '\r' };
  return body.replace(/\\(.)/g, (_, char: string) => escapes[char] ?? char);
}

/** `{'<DETAILED_CAPTION>': '…'}`: Florence-2 prints its answer as a Python dict keyed by the task. */
const FLORENCE_WRAPPER = /^\{\s*(['"])<[A-Z_]+>\1\s*:\s*(['"])([\s\S]*)\2\s*\}$/;

/** Florence-2 answers `{img, text}` whose text is the task wrapper (or an already parsed object). */
export const florenceTaskText: TextOutputFn = (output) => {
  const inner = typeof output === 'object' && output !== null && !Array.isArray(output) && 'text' in output ? (output as { text: unknown }).text : output;
  if (typeof inner === 'object' && inner !== null && !Array.isArray(inner)) {
    // The wrapper as an object: its one `<TASK>` key holds the answer.
    const entries = Object.entries(inner as Record<string, unknown>).filter(([key]) => /^<[A-Z_]+>$/.test(key));
    const value = entries.length === 1 ? entries[0]?.[1] : undefined;
    if (typeof value === 'string') return tidy(value);
  }
  const text = tidy(rawText(inner));
  if (!text) return undefined;
  const wrapped = FLORENCE_WRAPPER.exec(text);
  return wrapped?.[3] !== undefined ? tidy(unescapePython(wrapped[3])) : text;
};

/** BLIP answers 'Caption: a woman sitting on the beach' (a string, or [{text}] in older versions). */
export const blipCaptionText: TextOutputFn = (output) => tidy(rawText(output)?.replace(/^\s*caption\s*:\s*/i, ''));

/** LLaVA streams tokens that join into the answer. */
export const tokenStreamText: TextOutputFn = (output) => tidy(rawText(output));

/** CLIP Interrogator answers the prompt as one string. */
export const plainText: TextOutputFn = (output) => tidy(rawText(output));

/** A prompt written by an LLM: without a leading 'Prompt:' label or quotes around the whole. */
export const writtenPromptText: TextOutputFn = (output) => {
  let text = tidy(rawText(output))?.replace(/^(?:here is (?:the|a|your) )?prompt\s*(?:for [^:]{1,40})?:\s*/i, '');
  const quoted = text && /^(["'“])([\s\S]*)(["'”])$/.exec(text);
  if (quoted && quoted[2] && !/["“”]/.test(quoted[2])) text = quoted[2];
  return tidy(text);
};
