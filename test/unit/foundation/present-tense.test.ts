/**
 * Code and docs say why a thing is so, in the present tense; how it came to be is the commit log's,
 * and figures live in BENCHMARKS.md with their commit and date (docs/architecture.md, "Code style").
 * This keeps the phrases of a development diary out of the source, the production server and the
 * documents people read first: a working session's number ("stop 31"), "was tried first", "it used
 * to". Each pattern is narrow enough that present-tense prose does not trip it ("stops the engine",
 * "a key used to sign", "stop 5 s later" pass); each failure names the file, the line and the phrase.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT, SRC_DIR } from '@test/helpers/source-tree';

/** The phrases of narration, each with what it catches. */
const NARRATION: { catches: string; pattern: RegExp }[] = [
  // A number after "stop" that is not a quantity: "stop 31", "stops 28 and 29", "stop-16".
  { catches: 'a working session by number', pattern: /\bstops?[ -]\d+(?![\d.,]*\s*(?:ms|s|seconds?|minutes?|hours?|%|×|x)\b)/i },
  { catches: 'an attempt told as history', pattern: /\b(?:(?:was|were) tried|tried first|we tried|tried and (?:dropped|rejected|reverted|abandoned))\b/i },
  { catches: 'what the code used to do', pattern: /\b(?:(?:it|they|this|that|which|we|there) used to|used to be)\b/i },
  { catches: 'an earlier state of the code', pattern: /\b(?:previously|formerly|before this change|after this change|this commit)\b/i },
  { catches: 'the code as it was', pattern: /\bthe old (?:code|way|path|version|route|behaviou?r|approach|implementation)\b/i },
];

/** Text files of src/ (its data as JSON aside: catalogue prompts and messages are not narration). */
function textFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'generated' ? [] : textFiles(full);
    return /\.(?:tsx?|mjs|md|css)$/.test(entry.name) ? [full] : [];
  });
}

const DOCS = path.join(REPO_ROOT, 'docs');
const FILES = [
  ...textFiles(SRC_DIR),
  ...(existsSync(DOCS) ? textFiles(DOCS) : []),
  ...['server.mjs', 'README.md', 'BENCHMARKS.md'].map((name) => path.join(REPO_ROOT, name)),
];

/** "file:line: phrase (what it catches)" for each narration in `text`. */
function narrationIn(name: string, text: string): string[] {
  return text.split('\n').flatMap((line, index) =>
    NARRATION.flatMap(({ catches, pattern }) => {
      const found = pattern.exec(line);
      return found ? [`${name}:${index + 1}: "${found[0]}" (${catches})`] : [];
    }),
  );
}

describe('code and docs in the present tense', () => {
  it('src/, docs/, server.mjs, README.md and BENCHMARKS.md narrate no development history', () => {
    expect(FILES.length).toBeGreaterThan(300);
    for (const name of ['server.mjs', 'README.md', 'BENCHMARKS.md']) expect(FILES).toContain(path.join(REPO_ROOT, name));
    const found = FILES.flatMap((file) => narrationIn(path.relative(REPO_ROOT, file), readFileSync(file, 'utf8')));
    expect(found).toEqual([]);
  });

  it('the patterns catch narration', () => {
    const diary = [
      'BENCHMARKS.md: what stop 31 measured',
      'Stop 17 found this split wrong',
      'stops 28 and 29 read 3.98 s',
      'the stop-16 decomposition',
      '`--single-threaded-gc` was tried first',
      'Two ways were tried; neither helped.',
      'It used to be a plain button',
      'the route previously parsed its body twice',
      'the old path ran the chain by hand',
    ];
    expect(diary.filter((line) => narrationIn('example', line).length === 0)).toEqual([]);
  });

  it('and leave present-tense prose alone', () => {
    const present = [
      'On SIGTERM the server stops the engine and closes the pool.',
      'A clean stop: the requests in flight finish first.',
      'the check stops 5 s after the worker is up',
      'stop 2.5 s later',
      'The secret is used to sign the session cookies.',
      'An input image no longer exists in the studio (it was deleted).',
      'a stopwatch of 30 seconds',
    ];
    expect(present.flatMap((line) => narrationIn('example', line))).toEqual([]);
  });
});
