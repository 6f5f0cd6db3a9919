/**
 * The unit tier shares one worker between files of the same environment (`isolate: false`), so
 * Mantine, jsdom's setup and our modules are loaded once per worker instead of once per file. A
 * worker is reused only while the next file wants the same environment: files taken in an order
 * that mixes jsdom and node start a fresh worker at each switch. This order keeps each
 * environment's files together (the component files first, as the longest), and within each the
 * base order (files that failed last, then the slowest).
 */
import { readFileSync } from 'node:fs';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const ENVIRONMENT_COMMENT = /@vitest-environment\s+([\w-]+)/;

function environmentOf(spec: TestSpecification): string {
  const declared = ENVIRONMENT_COMMENT.exec(readFileSync(spec.moduleId, 'utf8'))?.[1];
  return declared ?? spec.project.config.environment;
}

export class EnvironmentGroupedSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const environments = new Map(sorted.map((spec) => [spec, environmentOf(spec)]));
    const jsdomFirst = (spec: TestSpecification): number => (environments.get(spec) === 'jsdom' ? 0 : 1);
    // Array.prototype.sort is stable: the base order holds within each environment.
    return sorted.sort((a, b) => jsdomFirst(a) - jsdomFirst(b));
  }
}
