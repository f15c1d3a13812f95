/**
 * How a saved file is opened or shown on each platform: the program and its arguments, one value
 * each (no shell), so a file name with spaces or quotes reaches the program whole. The programs
 * themselves are not run here: they would open windows on the machine running the tests.
 */
import { describe, expect, it } from 'vitest';
import { openerCommand } from '../../../electron/platform/fileOpener';

const file = '/home/ana/Documents/Packbench labels/2026-11-26 09.03.12 Packbench "PB-1".pdf';

describe('opening a saved file as this computer opens files', () => {
  it('Linux: xdg-open the file, or its folder (xdg-open cannot select a file)', () => {
    expect(openerCommand('linux', file, false)).toEqual({ program: 'xdg-open', args: [file] });
    expect(openerCommand('linux', file, true)).toEqual({ program: 'xdg-open', args: ['/home/ana/Documents/Packbench labels'] });
  });

  it('macOS: open, and open -R to show it selected in the Finder', () => {
    expect(openerCommand('darwin', file, false)).toEqual({ program: 'open', args: [file] });
    expect(openerCommand('darwin', file, true)).toEqual({ program: 'open', args: ['-R', file] });
  });

  it('Windows: explorer, with /select, and the path as one argument', () => {
    const windowsFile = 'C:\\Users\\ana\\Documents\\Packbench labels\\label.pdf';
    expect(openerCommand('win32', windowsFile, false)).toEqual({ program: 'explorer.exe', args: [windowsFile] });
    expect(openerCommand('win32', windowsFile, true)).toEqual({ program: 'explorer.exe', args: [`/select,${windowsFile}`] });
  });
});
