/**
 * A printer may be called anything the spooler allows, "constructor", "toString" or "__proto__"
 * included: such a name takes the usual media, one copy and PDF until it is set, keeps what is set
 * for it, and its test page goes to the spooler (a fake at the backend seam records it) instead of
 * failing on a name that is also a property every JavaScript object inherits.
 */
import { describe, expect, it } from 'vitest';
import type { PrinterBackend, PrintRequest } from '../../../electron/platform/printers/backend';
import { realTimers } from '../../../electron/platform/clock';
import { mediaFor } from '../../../electron/printing/printerMap';
import { PrintService } from '../../../electron/printing/printService';
import { printerLanguageOf, setPrinterLanguage } from '../../../electron/store/printerLanguage';
import { getSetting, printerEntry, setSetting } from '../../../electron/store/settings';
import { openTempStore } from '../store/support/tempStore';

const NAMES = ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf'];

class RecordingBackend implements PrinterBackend {
  readonly submitted: PrintRequest[] = [];
  listPrinters() {
    return Promise.resolve(NAMES.map((name) => ({ name, isDefault: false, state: 'idle' as const, accepting: true })));
  }
  submit(request: PrintRequest) {
    this.submitted.push(request);
    return Promise.resolve({ jobId: String(this.submitted.length) });
  }
  jobStatus(_printer: string, jobId: string) {
    return Promise.resolve({ jobId, state: 'completed' as const });
  }
  cancel() {
    return Promise.resolve();
  }
}

describe('printers named like the properties of every object', () => {
  it('take the usual media, one copy and PDF until they are set', () => {
    const { db } = openTempStore();
    for (const name of NAMES) {
      expect(mediaFor(db, name, 'label')).toMatchObject({ name: '4x6' });
      expect(mediaFor(db, name, 'document')).toMatchObject({ name: 'Letter' });
      expect(printerEntry(getSetting(db, 'printerCopies'), name)).toBeUndefined();
      expect(printerLanguageOf(db, name)).toEqual({ language: 'PDF', dpi: 203, darkness: 15, offset: { x: 0, y: 0 } });
    }
  });

  it('keep what is set for them, and only that', () => {
    const { db } = openTempStore();
    setSetting(db, 'printerMedia', Object.fromEntries([['__proto__', 'A6'], ['constructor', '4x4']]));
    setSetting(db, 'printerCopies', Object.fromEntries([['toString', 3]]));
    setPrinterLanguage(db, '__proto__', { language: 'ZPL', dpi: 300, darkness: 20, offset: { x: 0, y: 0 } });
    expect(Object.keys(getSetting(db, 'printerMedia'))).toEqual(['__proto__', 'constructor']);
    expect(mediaFor(db, '__proto__', 'label')).toMatchObject({ name: 'A6' });
    expect(mediaFor(db, 'constructor', 'label')).toMatchObject({ name: '4x4' });
    expect(printerEntry(getSetting(db, 'printerCopies'), 'toString')).toBe(3);
    expect(printerEntry(getSetting(db, 'printerCopies'), 'valueOf')).toBeUndefined();
    expect(printerLanguageOf(db, '__proto__')).toMatchObject({ language: 'ZPL', dpi: 300 });
    expect(printerLanguageOf(db, 'constructor')).toMatchObject({ language: 'PDF' });
  });

  it('get their test page', async () => {
    const { db } = openTempStore();
    const backend = new RecordingBackend();
    const printing = new PrintService({ db, backend, timers: realTimers });
    for (const name of NAMES) await printing.testPage(name);
    expect(backend.submitted.map((request) => [request.printer, request.copies, request.format ?? 'pdf'])).toEqual(NAMES.map((name) => [name, 1, 'pdf']));
  });
});
