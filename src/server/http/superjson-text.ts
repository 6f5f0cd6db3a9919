/**
 * superjson's wire text (`JSON.stringify(superjson.serialize(value))`) for the values our query
 * answers hold: plain objects, arrays, strings, finite numbers, booleans, null and valid dates.
 * superjson walks every node of an answer to look for values JSON cannot carry, keeping a path
 * array, an identity map and a transformer lookup per node: for a page of 24 creations that walk
 * costs more CPU than the page's query. Here the JSON is V8's own JSON.stringify (a date writes
 * itself as its ISO text, as superjson writes it), and one tight walk lists the dates' paths in the
 * order superjson lists them. Anything else (undefined, a Map, a shared object, a key with a dot,
 * NaN, -0, ...) is answered by superjson itself, so the text is always superjson's.
 * test/unit/server/superjson-text.test.ts compares the two.
 */
import superjson from 'superjson';

/** Thrown by the walk at a value it leaves to superjson. */
const NOT_PLAIN = Symbol('not plain');

/** A value that is not an object: nothing to list, or a value superjson writes its own way. */
function checkLeaf(value: unknown): void {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return;
  if (typeof value === 'number' && Number.isFinite(value) && !Object.is(value, -0)) return;
  throw NOT_PLAIN;
}

/** Lists the dates' paths under `value` (an object); a leaf's path is never made. */
function walk(value: object, path: string, dates: string[], seen: Set<object>): void {
  // superjson writes an object (a date too) met twice as a referential equality: its own text.
  if (seen.has(value)) throw NOT_PLAIN;
  seen.add(value);
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime()) || Object.getPrototypeOf(value) !== Date.prototype) throw NOT_PLAIN;
    dates.push(path);
    return;
  }
  const prefix = path === '' ? '' : `${path}.`;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) {
      const item: unknown = value[i];
      if (typeof item === 'object' && item !== null) walk(item, prefix + i, dates, seen);
      else checkLeaf(item);
    }
    return;
  }
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto !== Object.prototype && proto !== null) throw NOT_PLAIN;
  for (const key in value) {
    // superjson escapes these in its paths, and JSON.stringify would call a toJSON.
    if (key.includes('.') || key.includes('\\') || key === 'toJSON') throw NOT_PLAIN;
    const item = (value as Record<string, unknown>)[key];
    if (typeof item === 'object' && item !== null) walk(item, prefix + key, dates, seen);
    else checkLeaf(item);
  }
}

export function superjsonText(value: unknown): string {
  const dates: string[] = [];
  try {
    if (typeof value === 'object' && value !== null) walk(value, '', dates, new Set());
    else checkLeaf(value);
  } catch (error) {
    if (error !== NOT_PLAIN) throw error;
    return JSON.stringify(superjson.serialize(value));
  }
  // A date at the root has the empty path, which superjson writes as a whole-value annotation.
  if (dates.length === 1 && dates[0] === '') return JSON.stringify(superjson.serialize(value));
  const json = JSON.stringify(value);
  if (dates.length === 0) return `{"json":${json}}`;
  let values = '';
  for (const path of dates) values += `${values === '' ? '' : ','}${JSON.stringify(path)}:["Date"]`;
  return `{"json":${json},"meta":{"values":{${values}},"v":1}}`;
}
