/**
 * Typed all the way out: every procedure declares the shape it answers with (so a frontend
 * developer reads it from the procedure's type, and the server checks it on the way out), lives
 * in its own file with its schemas beside it, and the REST adapters call the typed caller without
 * casts. The type checks below fail `npm run typecheck` when a schema and the shape a service
 * builds drift apart (a field added to one and not the other).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { ImageEffect, Lora, PublicModelDefinition, VideoEffect } from '~/catalogue';
import type { MaintenanceConfig } from '~/server/config/maintenance';
import type { imageListOutput } from '~/server/routers/effects/image-list.schema';
import type { videoListOutput } from '~/server/routers/effects/video-list.schema';
import type { checkOutput } from '~/server/routers/generation/check.schema';
import type { publicModelOutput } from '~/server/routers/generation/model.schema';
import type { runSyncOutput } from '~/server/routers/generation/run-sync.schema';
import type { submitOutput } from '~/server/routers/generation/submit.schema';
import type { getOutput as loraOutput } from '~/server/routers/lora/get.schema';
import type { statusOutput } from '~/server/routers/system/status.schema';
import type { CheckResult } from '~/server/services/generation/check';
import type { SubmitResult } from '~/server/services/generation/submit';
import type { SyncResult } from '~/server/services/generation/sync';
import type { SystemStatus } from '~/server/services/system-status';
import { appRouter } from '~/server/trpc/root';
import { codeOf, SRC_DIR, sourceFiles } from '@test/helpers/source-tree';

type ProcedureDef = { type: string; inputs: unknown[]; output?: unknown };
const procedures = Object.entries((appRouter._def as unknown as { procedures: Record<string, { _def: ProcedureDef }> }).procedures);
const ROUTERS_DIR = path.join(SRC_DIR, 'server/routers');
const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

describe('tRPC procedures', () => {
  it('are all found', () => {
    expect(procedures.length).toBeGreaterThan(25);
    expect(procedures.map(([name]) => name)).toEqual(expect.arrayContaining(['generation.submit', 'prediction.onUpdate', 'credits.history']));
  });

  it('each declare an output schema (subscriptions: of what they yield)', () => {
    expect(procedures.filter(([, p]) => p._def.output === undefined).map(([name]) => name)).toEqual([]);
  });

  it('each live in their own <name>.ts with <name>.schema.ts beside it', () => {
    const problems = procedures.flatMap(([name]) => {
      const [router, procedure] = name.split('.') as [string, string];
      const file = path.join(ROUTERS_DIR, router, `${kebab(procedure)}.ts`);
      const schema = path.join(ROUTERS_DIR, router, `${kebab(procedure)}.schema.ts`);
      const found = sourceFiles(path.join(ROUTERS_DIR, router));
      if (!found.includes(file)) return [`${name}: no ${path.relative(SRC_DIR, file)}`];
      if (!found.includes(schema)) return [`${name}: no ${path.relative(SRC_DIR, schema)}`];
      const defined = codeOf(file).match(/=\s*(public|protected|premium|support|admin)Procedure\b/g) ?? [];
      return defined.length === 1 ? [] : [`${name}: ${path.relative(SRC_DIR, file)} defines ${defined.length} procedures`];
    });
    expect(problems).toEqual([]);
  });
});

describe('the REST adapters', () => {
  it('call the typed caller without type assertions', () => {
    const casts = sourceFiles(path.join(SRC_DIR, 'pages/api')).flatMap((file) =>
      [...codeOf(file).matchAll(/\bas\s+(?!const\b)[\w{[(<]|<\w+>\s*\w/g)].map((m) => `${path.relative(SRC_DIR, file)}: ${m[0]}`),
    );
    expect(casts).toEqual([]);
  });
});

/** `true` only when A and B are the same type (the compiler's own identity check): no field more or less. */
type Same<A, B> = (<T>() => T extends Flat<A> ? 1 : 2) extends <T>() => T extends Flat<B> ? 1 : 2 ? true : false;
/** An intersection as one object type (so `X & { more }` compares with a schema's single object). */
type Flat<T> = { [K in keyof T]: T[K] };
const sameShape = <A, B>(proof: Same<A, B>) => proof;

describe('output schemas carry exactly what the services build', () => {
  it('has the same fields on both sides (checked by the type checker)', () => {
    const proofs = [
      sameShape<z.output<typeof submitOutput>, SubmitResult>(true),
      sameShape<z.output<typeof runSyncOutput>, SyncResult>(true),
      sameShape<z.output<typeof checkOutput>, CheckResult>(true),
      sameShape<z.output<typeof publicModelOutput>, PublicModelDefinition>(true),
      sameShape<z.output<typeof statusOutput>['maintenance'], MaintenanceConfig>(true),
      sameShape<z.output<typeof statusOutput>, SystemStatus>(true),
      sameShape<z.output<typeof loraOutput>, Lora & { createLink: string }>(true),
      sameShape<z.output<typeof imageListOutput>, ImageEffect[]>(true),
      sameShape<z.output<typeof videoListOutput>, VideoEffect[]>(true),
    ];
    expect(proofs.every(Boolean)).toBe(true);
  });
});
