/** Who may read a stored object (services/storage/access.ts): decided once, for every reader. */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { mayReadObject, mayReadObjectAs } from '~/server/services/storage/access';
import { codeOf, sourceFiles, SRC_DIR } from '../../helpers/source-tree';

const publicObject = { ownerId: 'owner', isPrivate: false };
const privateObject = { ownerId: 'owner', isPrivate: true };

describe('reading a stored object', () => {
  it('a public object: anyone, signed in or not', () => {
    for (const viewer of ['owner', 'someone', null]) expect(mayReadObject(publicObject, viewer)).toBe(true);
  });

  it('a private object: only its owner', () => {
    expect(mayReadObject(privateObject, 'owner')).toBe(true);
    expect(mayReadObject(privateObject, 'someone')).toBe(false);
    expect(mayReadObject(privateObject, null)).toBe(false);
  });

  it('asks who the viewer is only for a private object', async () => {
    let asked = 0;
    const viewer = (id: string | null) => async () => {
      asked += 1;
      return id;
    };
    expect(await mayReadObjectAs(publicObject, viewer(null))).toBe(true);
    expect(asked).toBe(0);
    expect(await mayReadObjectAs(privateObject, viewer('owner'))).toBe(true);
    expect(await mayReadObjectAs(privateObject, viewer('someone'))).toBe(false);
    expect(asked).toBe(2);
  });

  it('is decided nowhere else (no other file weighs isPrivate against the owner)', () => {
    const own = path.join(SRC_DIR, 'server/services/storage/access.ts');
    const deciders = sourceFiles(SRC_DIR)
      .filter((file) => file !== own)
      .filter((file) => /isPrivate\s*&&[^;\n]*ownerId\s*!==|ownerId\s*!==[^;\n]*isPrivate/.test(codeOf(file)))
      .map((file) => path.relative(SRC_DIR, file));
    expect(deciders).toEqual([]);
  });
});
