/**
 * The server's edge (issue 20): everything that touches a raw request or response lives in
 * src/server/http; below it, services, providers, the catalogue and the error table know nothing of
 * Next, tRPC or HTTP; tRPC is used through its public API only; configuration is read in env.ts.
 * Each failure names the file and the import (or the expression) that breaks a rule.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { codeOf, importsOf, resolveImport, SRC_DIR, sourceFiles } from '@test/helpers/source-tree';

const rel = (file: string) => path.relative(SRC_DIR, file).split(path.sep).join('/');
const under = (...dirs: string[]) => dirs.flatMap((dir) => sourceFiles(path.join(SRC_DIR, dir)));
const inFolder = (file: string, dir: string) => rel(file).startsWith(`${dir}/`);

/** The code below the edge: what it does must not depend on how a request arrived. */
const BELOW_THE_EDGE = [...under('server/services', 'server/providers', 'catalogue'), path.join(SRC_DIR, 'server/errors.ts')];

/** "file imports specifier" for each import of `files` that `refused` picks (type-only imports count too). */
function importsBreaking(files: string[], refused: (specifier: string, target: string | null, file: string) => boolean): string[] {
  return files.flatMap((file) =>
    importsOf(codeOf(file))
      .filter((edge) => refused(edge.specifier, resolveImport(file, edge.specifier), file))
      .map((edge) => `${rel(file)} imports ${edge.specifier}`),
  );
}

const isNext = (specifier: string) => specifier === 'next' || specifier.startsWith('next/');
const isTrpc = (specifier: string) => specifier.startsWith('@trpc/');
const isNodeHttp = (specifier: string) => /^(node:)?https?$/.test(specifier);
const isInside = (target: string | null, dir: string) => target !== null && inFolder(target, dir);

describe('below the edge (services, providers, catalogue, errors.ts)', () => {
  it('imports neither Next, nor tRPC, nor the edge, nor the tRPC layer', () => {
    expect(BELOW_THE_EDGE.length).toBeGreaterThan(50);
    const broken = importsBreaking(
      BELOW_THE_EDGE,
      (specifier, target) => isNext(specifier) || isTrpc(specifier) || isInside(target, 'server/http') || isInside(target, 'server/trpc') || isInside(target, 'pages'),
    );
    expect(broken).toEqual([]);
  });

  it('leaves the database to the services: providers (the local engine too) import nothing of it', () => {
    const broken = importsBreaking(under('server/providers'), (_specifier, target) => isInside(target, 'server/db'));
    expect(broken).toEqual([]);
    const reads = under('server/providers').filter((file) => /\.(generation|storedObject|user)\.(find|update|create|delete|upsert|count)/.test(codeOf(file)));
    expect(reads.map(rel)).toEqual([]);
  });
});

describe('the tRPC layer (src/server/trpc)', () => {
  it('does not reach up into the HTTP edge', () => {
    expect(importsBreaking(under('server/trpc'), (_specifier, target) => isInside(target, 'server/http'))).toEqual([]);
  });
});

describe('tRPC through its public API only', () => {
  it('no file imports tRPC’s internals', () => {
    expect(importsBreaking(under('.'), (specifier) => specifier.includes('unstable-core-do-not-import'))).toEqual([]);
  });

  it('no file reads a router’s or procedure’s _def or _config', () => {
    const reads = under('.').flatMap((file) => [...codeOf(file).matchAll(/[\w)\]]+\s*(?:\?\.|\.|\[['"])\s*_(?:def|config)\b/g)].map((m) => `${rel(file)} reads ${m[0]}`));
    expect(reads).toEqual([]);
  });
});

describe('raw HTTP', () => {
  it('node:http and node:https are imported only at the edge (src/server/http) and for outgoing requests (src/server/services/net)', () => {
    const broken = importsBreaking(under('.'), (specifier, _target, file) => isNodeHttp(specifier) && !inFolder(file, 'server/http') && !inFolder(file, 'server/services/net'));
    expect(broken).toEqual([]);
  });

  it('there is no other HTTP folder: the REST adapters live in src/server/http', () => {
    expect(importsBreaking(under('.'), (specifier) => /(^|\/)server\/rest(\/|$)/.test(specifier))).toEqual([]);
  });
});

/**
 * Reads of process.env outside env.ts, each with the reason it cannot go through getEnv():
 * both are replaced by Next at build time in bundles that never load env.ts (the browser, the
 * edge runtime), and Next only replaces the literal expression.
 */
const PROCESS_ENV_EXCEPTIONS: Record<string, readonly string[]> = {
  // Next's own marker of the runtime this bundle runs in; reading env.ts there would validate the
  // server's variables in the edge bundle too.
  'instrumentation.ts': ['process.env.NEXT_RUNTIME'],
  // Client code: Next inlines NODE_ENV into the browser bundle; env.ts is server-only.
  'i18n/index.tsx': ['process.env.NODE_ENV'],
  // Whether this code runs inside Next's production build (which carries the compiled worker): a
  // fact of the build, inlined by Next, not a setting; outside Next both are left as they are.
  'server/inference/worker-host.ts': ['process.env.NEXT_RUNTIME', 'process.env.NODE_ENV'],
};

describe('configuration', () => {
  it('is read from process.env only in env.ts (the listed build-time reads aside)', () => {
    const reads = under('.')
      .filter((file) => rel(file) !== 'env.ts')
      .flatMap((file) => [...codeOf(file).matchAll(/process\.env(?:\.\w+|\[[^\]]*\])?/g)].map((m) => [rel(file), m[0]] as const))
      .filter(([file, read]) => !PROCESS_ENV_EXCEPTIONS[file]?.includes(read))
      .map(([file, read]) => `${file} reads ${read}`);
    expect(reads).toEqual([]);
  });
});

/** Lines of code (no comments, no blank lines) a file under pages/api may have: a re-export, a config, a small adapter call. */
const THIN_ROUTE_LINES = 10;

describe('pages/api', () => {
  it(`holds thin routes only: a re-export or a few lines (at most ${THIN_ROUTE_LINES} of code)`, () => {
    const thick = under('pages/api')
      .map((file) => [rel(file), codeOf(file).split('\n').filter((line) => line.trim() !== '').length] as const)
      .filter(([, lines]) => lines > THIN_ROUTE_LINES)
      .map(([file, lines]) => `${file} has ${lines} lines of code`);
    expect(thick).toEqual([]);
  });

  it('handle requests through the edge: no route imports a service, the database or the tRPC layer', () => {
    const broken = importsBreaking(under('pages/api'), (_specifier, target) => isInside(target, 'server/services') || isInside(target, 'server/db') || isInside(target, 'server/trpc'));
    expect(broken).toEqual([]);
  });
});
