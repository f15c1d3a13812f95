import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultLine, userDefaultPrinter } from '../../../electron/platform/printers/cups/userDefault';

let work: string;
let home: string;
let serverRoot: string;
let nowhere: string;

beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'packbench-lpoptions-'));
  home = path.join(work, 'home');
  serverRoot = path.join(work, 'etc-cups');
  nowhere = path.join(work, 'nowhere');
  await mkdir(path.join(home, '.cups'), { recursive: true });
  await mkdir(serverRoot);
  await writeFile(path.join(home, '.cups', 'lpoptions'), 'Dest zebra media=4x6\nDefault zebra/4up sides=one-sided\n');
  await writeFile(path.join(serverRoot, 'lpoptions'), 'Default office\n');
});

afterAll(async () => {
  if (work) await rm(work, { recursive: true, force: true });
});

describe('the default printer a user chose', () => {
  it('reads the first Default line of an lpoptions file, in any case and indentation', () => {
    expect(defaultLine('Dest a\n  default b x=y\nDefault c\n')).toBe('b');
    expect(defaultLine('Dest a media=4x6\n# Default commented\n')).toBeUndefined();
    expect(defaultLine('')).toBeUndefined();
  });

  it('takes LPDEST, then PRINTER unless it is "lp", then the user\'s lpoptions, then the system\'s, without the instance', () => {
    const files = { HOME: home, CUPS_SERVERROOT: serverRoot };
    expect(userDefaultPrinter({ ...files, LPDEST: 'desk', PRINTER: 'other' })).toBe('desk');
    expect(userDefaultPrinter({ ...files, PRINTER: 'other' })).toBe('other');
    expect(userDefaultPrinter({ ...files, PRINTER: 'lp' })).toBe('zebra');
    expect(userDefaultPrinter({ HOME: nowhere, CUPS_SERVERROOT: serverRoot })).toBe('office');
    expect(userDefaultPrinter({ HOME: nowhere, CUPS_SERVERROOT: nowhere })).toBeUndefined();
    // An empty LPDEST names a printer that does not exist, as lpstat reads it: no default at all.
    expect(userDefaultPrinter({ ...files, LPDEST: '' })).toBe('');
  });
});
