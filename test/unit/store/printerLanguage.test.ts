import { describe, expect, it } from 'vitest';
import { StoreInputError, StoreRowError, settings } from '../../../electron/store';
import { getPrinterLanguages, printerLanguageOf, setPrinterLanguage } from '../../../electron/store/printerLanguage';
import { openTempStore } from './support/tempStore';

const ZPL = { language: 'ZPL', dpi: 300, darkness: 22, offset: { x: 4, y: 8 } } as const;

describe('printer languages', () => {
  it('are PDF until set, kept per printer, and forgotten with null', () => {
    const { db } = openTempStore();
    expect(getPrinterLanguages(db)).toEqual({});
    expect(printerLanguageOf(db, 'zebra')).toEqual({ language: 'PDF', dpi: 203, darkness: 15, offset: { x: 0, y: 0 } });
    setPrinterLanguage(db, 'zebra', ZPL);
    setPrinterLanguage(db, 'other', { ...ZPL, dpi: 203 });
    expect(printerLanguageOf(db, 'zebra')).toEqual(ZPL);
    expect(Object.keys(getPrinterLanguages(db))).toEqual(['zebra', 'other']);
    setPrinterLanguage(db, 'zebra', null);
    expect(getPrinterLanguages(db)).toEqual({ other: { ...ZPL, dpi: 203 } });
  });

  it('live beside the desk settings without becoming one of them', () => {
    const { db } = openTempStore();
    setPrinterLanguage(db, 'zebra', ZPL);
    expect(Object.keys(settings.allSettings(db))).not.toContain('printerLanguage');
  });

  it('refuse a value outside its schema, and a damaged row with what to do', () => {
    const { db } = openTempStore();
    expect(() => setPrinterLanguage(db, 'zebra', { ...ZPL, darkness: 31 })).toThrow(StoreInputError);
    expect(() => setPrinterLanguage(db, '', ZPL)).toThrow(StoreInputError);
    db.prepare("INSERT INTO settings (key, value) VALUES ('printerLanguage', '{\"zebra\":{\"language\":\"EPL\"}}')").run();
    expect(() => getPrinterLanguages(db)).toThrow(StoreRowError);
    expect(() => getPrinterLanguages(db)).toThrow(/set the printer language again/);
    db.prepare("UPDATE settings SET value = 'not json' WHERE key = 'printerLanguage'").run();
    expect(() => printerLanguageOf(db, 'zebra')).toThrow(/not valid JSON/);
  });
});
