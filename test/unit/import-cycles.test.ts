/**
 * No import cycle among the modules of electron/: each module can be understood, tested and
 * loaded after the ones it imports. Type-only imports count too (a handler that imports the
 * composition root's types is still tied to it). dependency-cruiser reads the real imports.
 */
import { cruise, type ICruiseResult } from 'dependency-cruiser';
import { describe, expect, it } from 'vitest';

describe('imports under electron/', () => {
  it('form no cycle, type-only imports included', async () => {
    const { output } = await cruise(
      ['electron'],
      {
        tsPreCompilationDeps: true,
        validate: true,
        doNotFollow: { path: 'node_modules' },
        ruleSet: { forbidden: [{ name: 'no-circular', severity: 'error', from: {}, to: { circular: true } }] },
      },
      { extensions: ['.ts', '.js'] },
    );
    const result = output as ICruiseResult;
    // Enough of the tree was read for the answer to mean something.
    expect(result.modules.filter((m) => m.source.startsWith('electron/')).length).toBeGreaterThan(200);
    const cycles = result.summary.violations.map((v) => [v.from, ...(v.cycle ?? []).map((step) => step.name)].join(' → '));
    expect(cycles).toEqual([]);
  });
});
