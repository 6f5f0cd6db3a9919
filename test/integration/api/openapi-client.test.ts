/**
 * /api/v1 through a client nobody here wrote (issue 37): openapi-typescript turns the running
 * studio's openapi.json into types, a small program uses openapi-fetch with them and an API key
 * (submit, poll to success, list, cancel, balance), the TypeScript compiler checks that program
 * against the generated types, and it then runs against the studio. An independent validator
 * (@readme/openapi-parser) accepts the document.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { validate, compileErrors } from '@readme/openapi-parser';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteServer } from '@test/helpers/api-route-server';
import { startStudio, type Studio } from '@test/helpers/studio';
import { send, serveApi } from './api-server';

const run = promisify(execFile);

let studio: Studio;
let api: RouteServer;
let document: Record<string, unknown>;

beforeAll(async () => {
  studio = await startStudio({ env: { API_RATE_LIMIT_FREE: '1000' } });
  api = await serveApi();
  const answer = await send(`${api.url}/api/v1/openapi.json`);
  expect(answer.status).toBe(200);
  document = answer.body;
});

afterAll(async () => {
  await api?.close();
  await studio?.stop();
});

/** The builder's program: only openapi-fetch and the generated types. */
const PROGRAM = `
import createClient from 'openapi-fetch';
import type { paths } from './studio-api';

const client = createClient<paths>({ baseUrl: process.env.STUDIO_API, headers: { Authorization: \`Bearer \${process.env.STUDIO_KEY}\` } });

async function main() {
  const submitted = await client.POST('/generations', {
    body: { model_id: 'flux-schnell', prompt: 'a lighthouse from a typed client' },
    params: { header: { 'idempotency-key': 'typed-client-0001' } },
  });
  if (!submitted.data) throw new Error(JSON.stringify(submitted.error));
  const id: string = submitted.data.id;
  let status: string = submitted.data.status;
  let outputs = 0;
  for (let round = 0; round < 600 && status !== 'succeeded' && status !== 'failed'; round += 1) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    const read = await client.GET('/generations/{id}', { params: { path: { id } } });
    if (!read.data) throw new Error(JSON.stringify(read.error));
    status = read.data.status;
    outputs = read.data.display.outputMedia.length;
  }
  const replayed = await client.POST('/generations', {
    body: { model_id: 'flux-schnell', prompt: 'a lighthouse from a typed client' },
    params: { header: { 'idempotency-key': 'typed-client-0001' } },
  });
  const listed = await client.GET('/generations', { params: { query: { limit: 10 } } });
  const toCancel = await client.POST('/generations', { body: { model_id: 'flux-schnell', prompt: 'to cancel' } });
  if (!toCancel.data) throw new Error(JSON.stringify(toCancel.error));
  const canceled = await client.POST('/generations/{id}/cancel', { params: { path: { id: toCancel.data.id } } });
  const balance = await client.GET('/credits');
  console.log(JSON.stringify({
    id, status, outputs,
    replayedId: replayed.data?.id,
    listed: listed.data?.items.map((item) => item.id),
    canceled: canceled.data,
    canceledId: toCancel.data.id,
    credits: balance.data?.credits,
  }));
}

main().catch((error) => { console.error(error); process.exit(1); });
`;

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 with the bearer scheme, the issue’s routes and an example on each operation, and an independent validator accepts it', async () => {
    const result = await validate(structuredClone(document) as never);
    expect(result.valid, result.valid ? '' : compileErrors(result)).toBe(true);
    expect(document.openapi).toBe('3.1.0');
    expect(document.components).toMatchObject({ securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } });
    const paths = document.paths as Record<string, Record<string, { security?: unknown; responses: Record<string, { content?: Record<string, { example?: unknown }> }> }>>;
    const routes = Object.entries(paths).flatMap(([route, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${route}`));
    expect(routes.sort()).toEqual(
      [
        'POST /generations',
        'GET /generations/{id}',
        'POST /generations/{id}/cancel',
        'GET /generations',
        'POST /batches',
        'GET /batches',
        'GET /batches/{id}',
        'POST /batches/{id}/cancel',
        'GET /models',
        'POST /estimate',
        'GET /credits',
        'GET /credits/history',
        'POST /uploads',
        'GET /loras',
        'GET /effects',
        'GET /effects/video',
      ].sort(),
    );
    for (const [route, item] of Object.entries(paths)) {
      for (const [method, operation] of Object.entries(item)) {
        expect(operation.responses['200']?.content?.['application/json']?.example, `${method} ${route}`).toBeDefined();
      }
    }
    expect(paths['/generations']!.post!.security).toEqual([{ bearer: [] }]);
  });

  it('answers 404 in JSON for a path it does not have', async () => {
    const answer = await send(`${api.url}/api/v1/nothing-here`);
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('a client typed by openapi-typescript, calling with openapi-fetch and a key', () => {
  it('submits, polls to success, replays by Idempotency-Key, lists, cancels and reads the balance', async () => {
    const user = await studio.createUser({ credits: 10 });
    const { secret } = await studio.caller(user).keys.create({ name: 'typed client', scopes: ['generate', 'read'] });
    const folder = await mkdtemp(path.join(process.cwd(), '.openapi-client-'));
    try {
      await writeFile(path.join(folder, 'studio-api.ts'), astToString(await openapiTS(document as never)));
      await writeFile(path.join(folder, 'client.ts'), PROGRAM);
      await writeFile(
        path.join(folder, 'tsconfig.json'),
        JSON.stringify({ compilerOptions: { strict: true, noEmit: true, target: 'ES2022', module: 'esnext', moduleResolution: 'bundler', skipLibCheck: true, types: ['node'] }, include: ['*.ts'] }),
      );
      // The types must describe the program's every call: a wrong path or field fails here.
      await run(path.join(process.cwd(), 'node_modules/.bin/tsc'), ['-p', path.join(folder, 'tsconfig.json')]);
      const { stdout } = await run(path.join(process.cwd(), 'node_modules/.bin/tsx'), [path.join(folder, 'client.ts')], {
        env: { ...process.env, STUDIO_API: `${api.url}/api/v1`, STUDIO_KEY: secret },
      });
      const outcome = JSON.parse(stdout) as { id: string; status: string; outputs: number; replayedId: string; listed: string[]; canceled: unknown; canceledId: string; credits: number };
      expect(outcome.status).toBe('succeeded');
      expect(outcome.outputs).toBe(1);
      expect(outcome.replayedId).toBe(outcome.id);
      expect(outcome.listed).toEqual(expect.arrayContaining([outcome.id]));
      expect(outcome.canceled).toEqual({ id: outcome.canceledId, status: 'failed', user_credits: 9 });
      expect(outcome.credits).toBe(9);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }, 60_000);
});
