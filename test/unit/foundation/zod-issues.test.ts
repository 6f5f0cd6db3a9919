/** The text of zod issues, built in one place (utils/zod-issues.ts). */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { describeIssues, describeIssuesAt, formatIssuePath, issueLine } from '~/utils/zod-issues';
import { codeOf, sourceFiles, SRC_DIR } from '../../helpers/source-tree';

const failure = z.object({ ui: z.object({ controls: z.array(z.object({ default: z.number() })) }), name: z.string() }).safeParse({ ui: { controls: [{ default: 1 }, { default: 'x' }] }, name: 3 });
const issues = failure.success ? [] : failure.error.issues;

describe('zod issue text', () => {
  it('a line per issue: the dotted path and the message, or the message alone', () => {
    expect(describeIssues(issues)).toEqual(['ui.controls.1.default: Invalid input: expected number, received string', 'name: Invalid input: expected string, received number']);
    expect(issueLine({ path: [], message: 'Required' })).toBe('Required');
  });

  it('a definition’s failure names each place as authors read it', () => {
    expect(formatIssuePath(['ui', 'controls', 3, 'default'])).toBe('ui.controls[3].default');
    expect(describeIssuesAt([...issues, { path: [], message: 'bad' }])).toBe(
      'at ui.controls[1].default: Invalid input: expected number, received string; at name: Invalid input: expected string, received number; at (root): bad',
    );
  });

  it('no other file builds the text from an issue’s path', () => {
    const own = path.join(SRC_DIR, 'utils/zod-issues.ts');
    const builders = sourceFiles(SRC_DIR)
      .filter((file) => file !== own)
      .filter((file) => /\b(issue|i)\.path\.(join|map)\(/.test(codeOf(file)))
      .map((file) => path.relative(SRC_DIR, file));
    expect(builders).toEqual([]);
  });
});
