/**
 * The command line of `npm run samples` (see src/server/services/samples/run.ts): prints the plan and
 * its cost, asks y/N on stdin (--yes answers for scripts), renders, and exits 0, or 1 when a render
 * failed, or 2 on bad arguments.
 */
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { getDb } from '~/server/db/client';
import { CATALOGUE_SAMPLES_MANIFEST } from '~/server/services/samples/manifest-file';
import { runSamples } from '~/server/services/samples/run';

export const SAMPLES_USAGE = 'Usage: npm run samples -- [--yes] [--only <text>[,<text>...]] [--manifest <file>]';

/** One answer from stdin; anything but y/yes (or the end of input) is no. */
function ask(stdin: Readable, stdout: Writable, question: string): Promise<boolean> {
  return new Promise((resolve) => {
    const lines = createInterface({ input: stdin, terminal: false });
    let answered = false;
    stdout.write(question);
    lines.once('line', (line) => {
      answered = true;
      lines.close();
      resolve(/^\s*y(es)?\s*$/i.test(line));
    });
    lines.once('close', () => {
      if (!answered) resolve(false);
    });
  });
}

export async function samplesCli(argv: readonly string[], io: { stdin: Readable; stdout: Writable }): Promise<number> {
  const print = (line: string) => void io.stdout.write(`${line}\n`);
  let values: { yes?: boolean; only?: string; manifest?: string };
  try {
    ({ values } = parseArgs({ args: [...argv], options: { yes: { type: 'boolean', short: 'y' }, only: { type: 'string' }, manifest: { type: 'string' } }, strict: true }));
  } catch (error) {
    print(`${error instanceof Error ? error.message : String(error)}\n${SAMPLES_USAGE}`);
    return 2;
  }
  const outcome = await runSamples({
    db: getDb,
    manifestPath: values.manifest ? path.resolve(values.manifest) : CATALOGUE_SAMPLES_MANIFEST,
    confirm: values.yes ? async () => true : (question) => ask(io.stdin, io.stdout, question),
    print,
    only: values.only,
  });
  return outcome.failed.length > 0 ? 1 : 0;
}
