/**
 * The studio ships Mantine's per-component stylesheets, not the whole of `styles.css`
 * (src/features/shell/mantine-styles.ts). This holds the list complete: every Mantine class name
 * (`m_…`, from the components' CSS modules) that the built client code can put on an element is
 * defined by a stylesheet the build ships, and so is every Mantine animation it names. Names are
 * read as whole words anywhere in the code: a component may hold them as strings or as the keys of
 * a class-name object (`{ m_60c222c7: !unstyled }`, ModalBase's inner wrapper).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const STATIC = join('.next', 'static');

function builtFiles(extension: string): string[] {
  return (readdirSync(STATIC, { recursive: true }) as string[]).filter((file) => file.endsWith(extension)).map((file) => join(STATIC, file));
}

/** Which of Mantine's own per-component stylesheets defines a class: the file to add. */
function mantineFileDefining(name: string): string {
  const folder = join('node_modules', '@mantine', 'core', 'styles');
  const file = readdirSync(folder).find((f) => !f.endsWith('.layer.css') && readFileSync(join(folder, f), 'utf8').includes(name));
  return file ? `@mantine/core/styles/${file}` : 'not in @mantine/core';
}

describe('Mantine stylesheets', () => {
  it('define every Mantine class and animation the built client uses', () => {
    const used = new Set<string>();
    for (const file of builtFiles('.js')) for (const match of readFileSync(file, 'utf8').matchAll(/\b(m_[0-9a-f]{6,8})\b/g)) used.add(match[1] as string);
    const css = builtFiles('.css').map((file) => readFileSync(file, 'utf8')).join('\n');
    const defined = new Set([...css.matchAll(/(?:\.|@keyframes\s+)(m_[0-9a-f]{6,8})\b/g)].map((match) => match[1] as string));
    // A build whose client names no Mantine class could not tell a complete list from a broken scan.
    expect(used.size).toBeGreaterThan(100);
    const missing = [...used].filter((name) => !defined.has(name)).sort();
    expect(missing.map((name) => `${name} (${mantineFileDefining(name)})`)).toEqual([]);
  });
});
