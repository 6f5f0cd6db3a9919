import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { codeOf, importsOf, sourceFiles, SRC_DIR } from '../../helpers/source-tree';

const ROUTERS = path.join(SRC_DIR, 'server/routers');
const procedureFiles = sourceFiles(ROUTERS).filter((file) => !/\.schema\.ts$|router\.ts$/.test(file));
const where = (file: string) => path.relative(SRC_DIR, file);

describe('routers only unpack ctx and input and call one service', () => {
  it('no procedure queries the database itself (its query lives in a service)', () => {
    const queries = procedureFiles.flatMap((file) => [...codeOf(file).matchAll(/\bctx\.db\.\w+/g)].map((m) => `${where(file)}: ${m[0]}`));
    expect(queries).toEqual([]);
  });

  it('no procedure imports the database client or its generated types', () => {
    const imports = procedureFiles.flatMap((file) =>
      importsOf(codeOf(file))
        .filter((edge) => edge.specifier.startsWith('~/server/db'))
        .map((edge) => `${where(file)}: ${edge.specifier}`),
    );
    expect(imports).toEqual([]);
  });

  it('submit and the synchronous handler go through the one submit door', () => {
    const callers = procedureFiles.filter((file) => /services\/generation\/sync['"]/.test(codeOf(file)));
    expect(callers.map(where)).toEqual([]);
  });
});
