/**
 * One door to the API: a legacy REST route is an adapter (legacy-adapter.ts) that runs tRPC
 * procedures by path with the request's context, so a route never carries a procedure's input
 * check, resolver or output check of its own, and cannot drift from what /api/trpc answers.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { codeOf, importsOf, SRC_DIR, sourceFiles } from '@test/helpers/source-tree';

const API_DIR = path.join(SRC_DIR, 'pages/api');

/**
 * The routes made with the adapter (a file route that streams, like the archive, only borrows its
 * failure answers): in their pages/api files, or at the edge for those the production server
 * answers before Next (direct-routes.ts), which their pages/api files re-export.
 */
const legacyRoutes = [...sourceFiles(API_DIR), path.join(SRC_DIR, 'server/http/submit-route.ts')].filter((file) => /\blegacy(Media)?Route\(/.test(codeOf(file)));
const routeName = (file: string) => path.relative(API_DIR, file).replace('../../server/http/', 'edge: ');

describe('legacy REST routes', () => {
  it('are the spec’s paths, all through the adapter', () => {
    expect(legacyRoutes.map(routeName).sort()).toEqual([
      'caption-image.ts',
      'edge: submit-route.ts',
      'get-signedurl.ts',
      'get-user-details.ts',
      'image-proxy.ts',
      'image2prompt.ts',
      'random-prompt.ts',
      'unigen/[id].ts',
      'unigen/batch/[id].ts',
      'unigen/batch/[id]/cancel.ts',
      'unigen/batch/index.ts',
      'unigen/check.ts',
      'unigen/sync/check.ts',
      'unigen/sync/index.ts',
    ]);
  });

  it('import nothing but the adapter: procedures are reached by path, never by their parts', () => {
    const extra = legacyRoutes.flatMap((file) =>
      importsOf(codeOf(file))
        .filter((edge) => edge.specifier !== '~/server/http/legacy-adapter' && edge.specifier !== './legacy-adapter')
        .map((edge) => `${routeName(file)} imports ${edge.specifier}`),
    );
    expect(extra).toEqual([]);
  });

  it('call procedures that exist, each by its tRPC path', () => {
    const calls = legacyRoutes.flatMap((file) => [...codeOf(file).matchAll(/\bcall\('([\w.]+)'/g)].map((m) => m[1]!));
    expect(new Set(calls)).toEqual(
      new Set(['generation.runSync', 'upload.signedUrl', 'user.details', 'media.proxyImage', 'generation.randomPrompt', 'prediction.get', 'generation.check', 'generation.submit', 'generation.checkSync', 'generation.submitBatch', 'generation.batch', 'generation.cancelBatch']),
    );
  });
});
