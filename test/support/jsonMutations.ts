/**
 * fast-check arbitraries that damage a valid JSON request body the way careless or hostile
 * clients do: a field dropped, replaced with a value of the wrong type or an absurd one,
 * retyped, an array emptied or blown up, a prototype-pollution key added, a number written
 * in a form JSON.stringify never produces (`1e999`, `-0`, 30 digits).
 */
import fc from 'fast-check';

type Key = string | number;
type Path = readonly Key[];
type Container = Record<string, unknown> | unknown[];

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isContainer = (value: unknown): value is Container => typeof value === 'object' && value !== null;

/** Sets an own property even for `__proto__`, which plain assignment would turn into a prototype change. */
export function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** Every node of a JSON value, the root first. */
export function nodePaths(value: unknown, at: Path = []): Path[] {
  const paths: Path[] = [at];
  if (Array.isArray(value)) value.forEach((item, i) => paths.push(...nodePaths(item, [...at, i])));
  else if (isRecord(value)) for (const key of Object.keys(value)) paths.push(...nodePaths(value[key], [...at, key]));
  return paths;
}

function nodeAt(root: unknown, path: Path): unknown {
  let node = root;
  for (const key of path) node = isContainer(node) ? (node as Record<Key, unknown>)[key] : undefined;
  return node;
}

/** A prefix of `path` whose node is an object (or array, when `wantArray`), the deepest first. */
function nearest(root: unknown, path: Path, wantArray: boolean): Path | undefined {
  for (let length = path.length; length >= 0; length -= 1) {
    const prefix = path.slice(0, length);
    const node = nodeAt(root, prefix);
    if (wantArray ? Array.isArray(node) : isRecord(node)) return prefix;
  }
  return undefined;
}

/**
 * Marks text to be written into the JSON as it is (see `toJsonText`): numbers in forms
 * JSON.stringify never writes, and nesting deeper than JSON.stringify itself can handle.
 */
const RAW = '\u0000raw:';
export const raw = (text: string): string => `${RAW}${text}`;

function expandRaw(text: string): string {
  const deep = /^deep(Array|Object):(\d+)$/.exec(text);
  if (deep === null) return text;
  const depth = Number(deep[2]);
  return deep[1] === 'Array' ? `${'['.repeat(depth)}${']'.repeat(depth)}` : `${'{"n":'.repeat(depth)}0${'}'.repeat(depth)}`;
}

/** JSON text of a (mutated) body, with the raw markers written as the text they carry. */
export function toJsonText(value: unknown): string {
  return (JSON.stringify(value) ?? '').replace(/"\\u0000raw:([^"\\]*)"/g, (_, text: string) => expandRaw(text));
}

const LONG_ASCII = 'x'.repeat(10_000);
const LONG_EMOJI = '📦'.repeat(5_000);

/** Values nobody should send, of every JSON type. */
export const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(
    null, true, false, 0, -1, -0.0001, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 5e-324,
    'NaN', 'Infinity', '-Infinity', 'null', 'undefined', '1e999', '', ' ', '\t\n', '0x1F', '١٢٣',
    '\u0000', '\ud800', '\udfff\ud800', '\u202eevil', 'Ω≈ç√∫˜µ', '🚚📦👩‍👩‍👧‍👦', 'Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫ', '<script>alert(1)</script>',
    "'; DROP TABLE shipments; --", '%s%n%x', '../../etc/passwd', '2026-13-45T99:99:99Z', '2026-02-30T10:00:00Z',
    '0000-01-01T00:00:00Z', '9999-12-31T23:59:59Z', '[object Object]', [], {}, [[]], [null], { '': '' },
    LONG_ASCII, LONG_EMOJI,
  ),
  fc.constantFrom('1e999', '-1e999', '1e-999', '-0', '123456789012345678901234567890', '0.00000000000000000000001', '1E400').map(raw),
  fc.constantFrom('deepArray:64', 'deepArray:20000', 'deepObject:20000').map(raw),
  fc.double(),
  fc.integer(),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.jsonValue({ maxDepth: 2 }),
);

const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf', '__defineGetter__', 'then'];

export const hostileKey: fc.Arbitrary<string> = fc.oneof(fc.constantFrom(...PROTOTYPE_KEYS), fc.string({ maxLength: 12 }), fc.constantFrom('', ' ', 'x'.repeat(1_000), '日本語', 'a.b', 'a[0]'));

/** The value retyped: a number as text, text as a number, an object as an array, and so on. */
function retyped(value: unknown): unknown {
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return value.trim() === '' || Number.isNaN(Number(value)) ? [value] : Number(value);
  if (typeof value === 'boolean') return value ? 'true' : 0;
  if (value === null) return {};
  if (Array.isArray(value)) return { ...value };
  return Object.values(value as Record<string, unknown>);
}

export type Mutation =
  | { readonly kind: 'delete'; readonly at: number }
  | { readonly kind: 'replace'; readonly at: number; readonly value: unknown }
  | { readonly kind: 'retype'; readonly at: number }
  | { readonly kind: 'addKey'; readonly at: number; readonly key: string; readonly value: unknown }
  | { readonly kind: 'emptyArray'; readonly at: number }
  | { readonly kind: 'repeat'; readonly at: number; readonly times: number };

export const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant('delete' as const), at: fc.nat() }),
  { arbitrary: fc.record({ kind: fc.constant('replace' as const), at: fc.nat(), value: nastyValue }), weight: 3 },
  fc.record({ kind: fc.constant('retype' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('addKey' as const), at: fc.nat(), key: hostileKey, value: nastyValue }),
  fc.record({ kind: fc.constant('emptyArray' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('repeat' as const), at: fc.nat(), times: fc.constantFrom(0, 2, 51, 101, 500) }),
);

function replaceAt(root: unknown, path: Path, value: unknown): unknown {
  if (path.length === 0) return value;
  const parent = nodeAt(root, path.slice(0, -1));
  const key = path[path.length - 1] ?? '';
  if (Array.isArray(parent) && typeof key === 'number') parent[key] = value;
  else if (isRecord(parent)) setOwn(parent, String(key), value);
  return root;
}

function deleteAt(root: unknown, path: Path): unknown {
  if (path.length === 0) return undefined;
  const parent = nodeAt(root, path.slice(0, -1));
  const key = path[path.length - 1] ?? '';
  if (Array.isArray(parent) && typeof key === 'number') parent.splice(key, 1);
  else if (isRecord(parent)) delete parent[String(key)];
  return root;
}

/**
 * The most an array made by repeating holds, as JSON. Repeats nest: a 10 KB value repeated 500
 * times inside an array repeated 500 times is 2.5 GB, more than a string can hold (`RangeError:
 * Invalid string length`, seen once in a run), while any body over the services' 1 MB limit only
 * meets the same "too large" answer. A repeat stops where it would pass this.
 */
const MAX_REPEATED_BYTES = 4 * 1024 * 1024;

/** `times`, or fewer when that many copies of `items` (repeated in turn) would pass MAX_REPEATED_BYTES. */
function repeatsThatFit(items: readonly unknown[], times: number): number {
  // Measured as written: a raw marker of 20 characters is written as 40,000 (`deepArray:20000`).
  const perItem = toJsonText(items).length / Math.max(1, items.length);
  return Math.min(times, Math.floor(MAX_REPEATED_BYTES / Math.max(1, perItem)));
}

/** Applies one mutation to a copy of `body`; `at` picks a node (modulo their count). */
export function applyMutation(body: unknown, change: Mutation): unknown {
  if (body === undefined) return change.kind === 'replace' ? change.value : body;
  const root = JSON.parse(JSON.stringify(body)) as unknown;
  const paths = nodePaths(root);
  const path = paths[change.at % paths.length] ?? [];
  switch (change.kind) {
    case 'delete':
      return deleteAt(root, path);
    case 'replace':
      return replaceAt(root, path, change.value);
    case 'retype':
      return replaceAt(root, path, retyped(nodeAt(root, path)));
    case 'addKey': {
      const at = nearest(root, path, false);
      if (at === undefined) return replaceAt(root, path, { [change.key]: change.value });
      setOwn(nodeAt(root, at) as Record<string, unknown>, change.key, change.value);
      return root;
    }
    case 'emptyArray': {
      const at = nearest(root, path, true);
      return replaceAt(root, at ?? path, []);
    }
    case 'repeat': {
      const at = nearest(root, path, true);
      const items = at === undefined ? [nodeAt(root, path)] : (nodeAt(root, at) as unknown[]);
      const times = repeatsThatFit(items, change.times);
      return replaceAt(root, at ?? path, Array.from({ length: times }, (_, i) => items[i % Math.max(1, items.length)] ?? null));
    }
  }
}

/** A valid body with one to three mutations applied in turn. */
export function mutatedBody(base: unknown): fc.Arbitrary<unknown> {
  return fc.array(mutation, { minLength: 1, maxLength: 3 }).map((changes) => changes.reduce(applyMutation, base));
}
