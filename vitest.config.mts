import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * expect.poll waits for a state (a pushed update, a page's answer), and its own 1 s default is a
 * statement about how fast the machine is: a CI run beside other work failed waiting 1 s for the
 * local portal's answer while the request was still in flight (billing e2e, 379a304 run 3). So its
 * limit is a hang detector, as every other wait's is; a test that needs a shorter one says so.
 */
const POLL_UNTIL_STATE = { timeout: 20_000 };

const alias = {
  '~': fileURLToPath(new URL('./src', import.meta.url)),
  '@test': fileURLToPath(new URL('./test', import.meta.url)),
};

/**
 * The unit tier shares one worker between files (`isolate: false`), so Mantine,
 * jsdom's setup and our modules load once per worker instead of once per file. Vitest reuses a
 * worker only while the next file wants the same environment: files taken in an order that mixes
 * jsdom and node start a fresh worker at each switch. This order keeps each environment's files
 * together (the component files first, as the longest), and within each the base order (files that
 * failed last, then the slowest).
 */
class EnvironmentGroupedSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const environmentOf = (spec: TestSpecification): string => /@vitest-environment\s+([\w-]+)/.exec(readFileSync(spec.moduleId, 'utf8'))?.[1] ?? spec.project.config.environment;
    const environments = new Map(sorted.map((spec) => [spec, environmentOf(spec)]));
    const jsdomFirst = (spec: TestSpecification): number => (environments.get(spec) === 'jsdom' ? 0 : 1);
    // Array.prototype.sort is stable: the base order holds within each environment.
    return sorted.sort((a, b) => jsdomFirst(a) - jsdomFirst(b));
  }
}

export default defineConfig({
  resolve: { alias },
  test: {
    // Keeps files of one environment together, so the unit tier's shared workers are reused.
    sequence: { sequencer: EnvironmentGroupedSequencer },
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.{ts,tsx}'],
          environment: 'node',
          setupFiles: ['test/setup/unit.ts'],
          // One worker serves many files (each environment's files kept together by the
          // sequencer): loading Mantine and our modules once per file was two thirds of the tier's
          // time. So no file may rely on a module's first load: the tier passes in any file order
          // (`--sequence.shuffle.files`).
          isolate: false,
          sequence: { groupOrder: 0 },
          // A worker per core: vitest's own default leaves one core to its main process, which
          // only collects results, so on two cores the tier ran one file at a time.
          maxWorkers: availableParallelism(),
          // Component tests render Mantine in jsdom: seconds each beside a busy core (the 5 s default
          // failed them). Longer than the setup's 20 s wait for a state, which fails first.
          testTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'integration',
          sequence: { groupOrder: 1 },
          include: ['test/integration/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['test/setup/integration.ts'],
          // Shared workers, as for the unit tier: loading the server's modules once per file was half
          // the tier's time. Each file starts its own studio on its own database, and its stop ends
          // the background rounds. What outlives a file is state kept on globalThis (the inference
          // worker, the runtime's holders): after a file's vi.resetModules() our modules load
          // again beside it, so a test helper recognises that state's errors by name, not by class.
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          expect: { poll: POLL_UNTIL_STATE },
          // Two cores: one PGlite/PostgreSQL-heavy file at a time per core.
          maxWorkers: 2,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'e2e',
          sequence: { groupOrder: 2 },
          include: ['test/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/e2e/global-setup.ts'],
          setupFiles: ['test/setup/e2e.ts'],
          testTimeout: 120_000,
          hookTimeout: 300_000,
          expect: { poll: POLL_UNTIL_STATE },
          // One file at a time: each keeps about one core busy (Chromium and the server), so on two
          // cores two files at a time take as long in all (BENCHMARKS.md, CI), and their load
          // stretches what the files time on purpose, such as the clean stop's 2 s takeover.
          fileParallelism: false,
        },
      },
    ],
  },
});
