import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';

const config = parse(readFileSync(new URL('../../electron-builder.yml', import.meta.url), 'utf8')) as {
  appId: string;
  files: string[];
  asarUnpack: string[];
  win: { target: { target: string }[] };
  mac: { target: { target: string }[] };
  linux: { target: string[] };
};
const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  main: string;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

describe('electron-builder.yml', () => {
  it('builds NSIS for Windows, dmg for macOS, AppImage and deb for Linux', () => {
    expect(config.win.target.map((t) => t.target)).toEqual(['nsis']);
    expect(config.mac.target.map((t) => t.target)).toEqual(['dmg']);
    expect(config.linux.target).toEqual(['AppImage', 'deb']);
  });

  it('unpacks better-sqlite3 and the Windows printing executable from the asar', () => {
    expect(config.asarUnpack).toContain('node_modules/better-sqlite3/**');
    expect(config.asarUnpack.some((glob) => glob.startsWith('node_modules/pdf-to-printer/') && glob.endsWith('.exe'))).toBe(true);
  });

  it('packages the built main process the package points at', () => {
    expect(pkg.main.startsWith('dist/')).toBe(true);
    expect(config.files).toContain('dist/**');
  });
});

describe('package.json', () => {
  it('pins every dependency to an exact version so npm ci is reproducible', () => {
    for (const [name, version] of Object.entries({ ...pkg.dependencies, ...pkg.devDependencies })) {
      expect(version, name).toMatch(/^\d+\.\d+\.\d+$/);
    }
  });
});
