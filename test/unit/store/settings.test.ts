import { describe, expect, it } from 'vitest';
import { StoreInputError, StoreRowError, settings } from '../../../electron/store';
import { openTempStore } from './support/tempStore';

describe('settings', () => {
  it('read their defaults until set', () => {
    const { db } = openTempStore();
    expect(settings.getSetting(db, 'labelRetentionDays')).toBe(30);
    expect(settings.getSetting(db, 'deskId')).toBe('DESK1');
    expect(settings.allSettings(db)).toEqual({ deskId: 'DESK1', labelRetentionDays: 30, autoPrintLabels: true, labelPrinter: null, documentPrinter: null, printerMedia: {} });
  });

  it('store JSON values and read them back typed', () => {
    const { db } = openTempStore();
    settings.setSetting(db, 'labelRetentionDays', 90);
    settings.setSetting(db, 'labelPrinter', 'Zebra_ZP450');
    settings.setSetting(db, 'autoPrintLabels', false);
    expect(settings.getSetting(db, 'labelRetentionDays')).toBe(90);
    expect(settings.getSetting(db, 'labelPrinter')).toBe('Zebra_ZP450');
    expect(settings.getSetting(db, 'autoPrintLabels')).toBe(false);
    settings.setSetting(db, 'labelPrinter', null);
    expect(settings.getSetting(db, 'labelPrinter')).toBeNull();
  });

  it('refuse a value their schema does not allow, naming the key, and an unknown key', () => {
    const { db } = openTempStore();
    expect(() => settings.setSetting(db, 'labelRetentionDays', 0)).toThrow(StoreInputError);
    expect(() => settings.setSetting(db, 'labelRetentionDays', 1.5)).toThrow('setting labelRetentionDays: must be a whole number of days');
    expect(() => settings.setSetting(db, 'deskId', 'desk one')).toThrow('setting deskId: must be 1 to 12 letters or digits');
    expect(() => settings.getSetting(db, 'colour' as 'deskId')).toThrow('unknown setting "colour"');
    expect(settings.getSetting(db, 'labelRetentionDays')).toBe(30);
  });

  it('a damaged stored value is reported with the key and what to do', () => {
    const { db } = openTempStore();
    db.prepare("INSERT INTO settings (key, value) VALUES ('labelRetentionDays', '\"ninety\"')").run();
    expect(() => settings.getSetting(db, 'labelRetentionDays')).toThrow(StoreRowError);
    expect(() => settings.getSetting(db, 'labelRetentionDays')).toThrow(/settings row labelRetentionDays: .*set it again/);
  });
});
