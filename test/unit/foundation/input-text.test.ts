/**
 * One string schema guards every string a caller can send: each tRPC procedure's input (the REST
 * adapters call the same procedures) and each model's derived generation input. A walk over the
 * schemas finds every string and asserts it carries the shared check, so a new plain z.string()
 * anywhere in an input fails here.
 */
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { inputSchemaFor, inputText, inputUrl, isStorableText, models, storableTextCheck, TEXT_NOT_STORABLE } from '~/catalogue';
import { appRouter } from '~/server/trpc/root';

type Def = z.core.$ZodTypeDef & Record<string, unknown>;
type Found = { strings: string[]; unguarded: string[]; opaque: string[] };

function walk(schema: z.core.$ZodType, path: string, found: Found): void {
  const def = schema._zod.def as Def;
  const next = (child: unknown, at: string) => walk(child as z.core.$ZodType, at, found);
  switch (def.type) {
    case 'string': {
      found.strings.push(path);
      const checks = (def.checks ?? []) as unknown[];
      if (!checks.includes(storableTextCheck)) found.unguarded.push(path);
      return;
    }
    case 'object': {
      for (const [key, child] of Object.entries(def.shape as Record<string, unknown>)) next(child, `${path}.${key}`);
      // A loose object's extra keys go unchecked here on purpose only where a derived schema parses
      // them again (the generate request: the model's input schema strips or checks each field).
      if (def.catchall && (def.catchall as z.core.$ZodType)._zod.def.type !== 'unknown') next(def.catchall, `${path}.*`);
      return;
    }
    case 'array':
      return next(def.element, `${path}[]`);
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      return next(def.innerType, path);
    case 'union':
      (def.options as unknown[]).forEach((option, i) => next(option, `${path}|${i}`));
      return;
    case 'intersection':
      next(def.left, path);
      next(def.right, path);
      return;
    case 'pipe':
      next(def.in, path);
      next(def.out, path);
      return;
    case 'unknown':
    case 'any':
    case 'custom':
      found.opaque.push(path);
      return;
    default:
      // literal, enum, number, boolean, never, transform: nothing a caller's free text passes through.
      return;
  }
}

function audit(schemas: [string, z.core.$ZodType][]): Found {
  const found: Found = { strings: [], unguarded: [], opaque: [] };
  for (const [name, schema] of schemas) walk(schema, name, found);
  return found;
}

describe('the shared input text schema', () => {
  it('refuses NUL characters and unpaired surrogates, and nothing else', () => {
    for (const bad of ['a\u0000b', '\u0000', 'x\uD800', '\uDC00y', 'a\uDBFFb\uDFFF\uDFFF']) {
      expect(isStorableText(bad)).toBe(false);
      expect(inputText.safeParse(bad).error?.issues).toEqual([{ code: 'custom', path: [], message: TEXT_NOT_STORABLE }]);
    }
    for (const good of ['', 'plain', 'émoji 🦊 and 漢字', '\uD83D\uDE00', 'tab\tnew\nline']) expect(inputText.safeParse(good).success).toBe(true);
    expect(inputUrl.safeParse('https://example.test/a\uD800.png').success).toBe(false);
    expect(inputUrl.safeParse('https://example.test/a.png').success).toBe(true);
  });

  it('guards every string of every tRPC procedure input (REST adapters call the same procedures)', () => {
    const procedures = (appRouter as unknown as { _def: { procedures: Record<string, { _def: { inputs: z.core.$ZodType[] } }> } })._def.procedures;
    const schemas = Object.entries(procedures).flatMap(([path, procedure]) => procedure._def.inputs.map((input, i) => [`${path}#${i}`, input] as [string, z.core.$ZodType]));
    const found = audit(schemas);
    // The walk reaches the ids, cursors, keys and page/app ids the item names.
    expect(found.strings).toEqual(
      expect.arrayContaining(['prediction.list#0.cursor', 'prediction.get#0.id', 'generation.submit#0.idempotency_key', 'generation.submit#0.pageId', 'generation.submit#0.appId', 'credits.history#0.cursor', 'upload.signedUrl#0.remoteName']),
    );
    expect(found.unguarded).toEqual([]);
    expect(found.opaque).toEqual([]);
  });

  it('guards every string of every model’s derived generation input', () => {
    const found = audit(models.map((model) => [model.id, inputSchemaFor(model) as z.core.$ZodType]));
    expect(found.strings).toEqual(expect.arrayContaining(['flux-schnell.prompt', 'flux-schnell.pageId', 'flux-schnell.appId', 'flux-lora.lora', 'pixverse.negative_prompt']));
    expect(found.unguarded).toEqual([]);
    expect(found.opaque).toEqual([]);
  });
});
