/**
 * What `npm install` says about Node versions agrees with what the README promises: on every Node
 * line the README names, the only "Unsupported engine" warnings npm can print are the ones the
 * README names, and package.json's `engines` is the README's promise. Read from the lockfile, which
 * is exactly what `npm ci` installs.
 */
import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(readFileSync(new URL('../../package-lock.json', import.meta.url), 'utf8')) as {
  packages: Record<string, { engines?: { node?: unknown }; os?: string[]; optional?: boolean }>;
};

/** The first release of each Node line the README promises ("Node 20.19+, 22.13+ or 24+"). */
function promisedMinimums(): string[] {
  const promise = /\(Node (\d+\.\d+)\+, (\d+\.\d+)\+ or (\d+)\+\)/.exec(readme);
  expect(promise, 'the README says which Node versions work, as "(Node A.B+, C.D+ or E+)"').not.toBeNull();
  return (promise?.slice(1) ?? []).map((version) => semver.coerce(version)?.version ?? version);
}

/** Installed packages (by name) whose `engines.node` does not allow `version`: each is one npm warning. */
function unsupportedOn(version: string): string[] {
  const names = new Set<string>();
  for (const [where, entry] of Object.entries(lock.packages)) {
    const range = entry.engines?.node;
    // An optional package for another operating system is never installed here, so never warned about.
    if (where === '' || typeof range !== 'string' || (entry.optional === true && entry.os !== undefined && !entry.os.includes(process.platform))) continue;
    if (!semver.satisfies(version, range)) names.add(where.slice(where.lastIndexOf('node_modules/') + 'node_modules/'.length));
  }
  return [...names].sort();
}

/** The packages the README names in its paragraph about the warnings of Node 20, in backticks. */
function namedInReadme(): string[] {
  const paragraph = readme.split('\n\n').find((text) => text.includes('Unsupported engine'));
  expect(paragraph, 'the README has a paragraph about "Unsupported engine" warnings').toBeDefined();
  const named = [...(paragraph ?? '').matchAll(/`(@?[a-z0-9-]+(?:\/[a-z0-9-]+)?)`/g)].map((match) => match[1] ?? '');
  return named.filter((name) => lock.packages[`node_modules/${name}`] !== undefined).sort();
}

describe('Node versions', () => {
  it("package.json's engines are the README's promise, and hold for every package's own engines", () => {
    const minimums = promisedMinimums();
    expect(minimums).toEqual(['20.19.0', '22.13.0', '24.0.0']);
    for (const version of minimums) expect(semver.satisfies(version, pkg.engines.node), version).toBe(true);
    // The line between two promised ones is not promised: eslint and rolldown leave out Node 21 and 23.
    for (const version of ['20.18.0', '21.0.0', '22.12.0', '23.0.0']) expect(semver.satisfies(version, pkg.engines.node), version).toBe(false);
  });

  it('on Node 20 the only engine warnings are the ones the README names (Electronʼs own tools)', () => {
    const [node20 = ''] = promisedMinimums();
    const warned = unsupportedOn(node20);
    expect(warned).toEqual(['@electron-internal/extract-zip', '@electron/get', '@electron/rebuild', 'electron', 'node-abi']);
    expect(namedInReadme()).toEqual(warned);
  });

  it('on the other promised lines npm warns about nothing', () => {
    for (const version of promisedMinimums().slice(1)) expect(unsupportedOn(version), version).toEqual([]);
  });
});
