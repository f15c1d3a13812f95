import { describe, expect, it } from 'vitest';
import { StoreInputError, StoreRowError, settings } from '../../../electron/store';
import { openTempStore } from './support/tempStore';

describe('settings', () => {
  it('read their defaults until set', () => {
    const { db } = openTempStore();
    expect(settings.getSetting(db, 'labelRetentionDays')).toBe(30);
    expect(settings.getSetting(db, 'deskId')).toBe('DESK1');
    expect(settings.allSettings(db)).toEqual({
      deskId: 'DESK1',
      labelRetentionDays: 30,
      autoPrintLabels: true,
      autoPrintDocuments: true,
      defaultLocationId: null,
      unitSystem: 'imperial',
      boxPresets: settings.SEEDED_BOX_PRESETS,
      preferredCarrier: null,
      scale: { connection: 'usb', protocol: 'sics', baudRate: 9600, dataBits: 8, parity: 'none', stopBits: 1, serialPort: null },
      serviceRules: settings.DEFAULT_SERVICE_RULES,
      defaultService: { carrier: 'UPS', shipMethod: 'Ground', serviceLevel: 'UPS_GROUND', displayName: 'UPS Ground' },
      packVerification: true,
      sounds: true,
      packingSlips: false,
      labelPrinter: null,
      documentPrinter: null,
      printerMedia: {},
      printerLongerMedia: {},
      printerCopies: {},
      pdfFolder: null,
      warehouse: null,
    });
  });

  it('seed the box presets from resources/box-presets.json: codes unique, sizes within the contract', () => {
    const presets = settings.SEEDED_BOX_PRESETS;
    expect(presets.length).toBeGreaterThanOrEqual(5);
    expect(new Set(presets.map((p) => p.code)).size).toBe(presets.length);
    expect(presets.find((p) => p.code === 'BOX-M')).toMatchObject({ name: 'Medium box', length: 12, width: 10, height: 8, unitOfLength: 'IN' });
  });

  it('refuse box presets that repeat a code or are not boxes', () => {
    const { db } = openTempStore();
    const box = { code: 'BOX-A', name: 'A', length: 10, width: 8, height: 6, unitOfLength: 'IN' as const };
    expect(() => settings.setSetting(db, 'boxPresets', [box, { ...box, name: 'B' }])).toThrow(/must not use a code twice/);
    expect(() => settings.setSetting(db, 'boxPresets', [{ ...box, height: 0 }])).toThrow(/height/);
    expect(() => settings.setSetting(db, 'boxPresets', [{ ...box, code: 'box a' }])).toThrow(/code/);
  });

  it('keep a serial scale\'s port settings and refuse ones a serial port cannot use', () => {
    const { db } = openTempStore();
    const serial = { connection: 'serial' as const, protocol: 'cas' as const, baudRate: 4800, dataBits: 7 as const, parity: 'even' as const, stopBits: 2 as const, serialPort: 'COM3' };
    settings.setSetting(db, 'scale', serial);
    expect(settings.getSetting(db, 'scale')).toEqual(serial);
    expect(() => settings.setSetting(db, 'scale', { ...serial, baudRate: 9601 })).toThrow(/baudRate: must be one of 1200, 2400, 4800, 9600/);
    expect(() => settings.setSetting(db, 'scale', { ...serial, parity: 'mark' as 'odd' })).toThrow(/parity/);
    expect(() => settings.setSetting(db, 'scale', { ...serial, dataBits: 6 as 7 })).toThrow(/dataBits/);
    expect(() => settings.setSetting(db, 'scale', { ...serial, serialPort: '' })).toThrow(/serialPort/);
    expect(() => settings.setSetting(db, 'scale', { ...serial, protocol: 'modbus' as 'cas' })).toThrow(/protocol/);
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
