/**
 * The store's front door: a read handle, and writes only inside `atomically`, one transaction each.
 */
import { describe, expect, it } from 'vitest';
import { SETTING_SCHEMAS, type SettingKey } from '../../../electron/api';
import { WAREHOUSE_SETTINGS, isWarehouseSetting, type StoreWrites } from '../../../electron/store';
import { shipmentInput } from './support/samples';
import { T0, openTempStore } from './support/tempStore';

const REF = 'PB-D1-HANDLES';

describe('the store front door', () => {
  it('writes through atomically and reads the result through read', () => {
    const store = openTempStore();
    const item = store.atomically((write) => {
      const queued = write.queueShipment({ stationRef: REF, input: shipmentInput(), now: T0 });
      write.rememberShipRequest('key-1', REF, T0);
      return queued;
    });
    expect(store.read.outboxItem(item.id)).toMatchObject({ stationRef: REF, kind: 'createShipment', state: 'pending' });
    expect(store.read.shipmentOfRequest('key-1')).toBe(REF);
    expect(store.read.shipment(REF)?.status).toBe('queued');
  });

  it('writes all of a piece of work or none of it', () => {
    const store = openTempStore();
    expect(() =>
      store.atomically((write) => {
        write.queueShipment({ stationRef: REF, input: shipmentInput(), now: T0 });
        write.rememberShipRequest('key-1', REF, T0);
        throw new Error('the packing slip could not be made');
      }),
    ).toThrow('the packing slip could not be made');
    expect(store.read.outboxCounts().pending).toBe(0);
    expect(store.read.shipment(REF)).toBeUndefined();
    expect(store.read.shipmentOfRequest('key-1')).toBeUndefined();
  });

  it('refuses a write made outside atomically, before anything is written', () => {
    const store = openTempStore();
    let kept: StoreWrites | undefined;
    store.atomically((write) => {
      kept = write;
    });
    expect(() => kept?.queueShipment({ stationRef: REF, input: shipmentInput(), now: T0 })).toThrow('queueShipment was called outside atomically()');
    expect(store.read.shipment(REF)).toBeUndefined();
    // Reads through a kept write handle are still reads.
    expect(kept?.outboxCounts().pending).toBe(0);
  });

  it('nests: a piece of work inside another is part of the outer transaction', () => {
    const store = openTempStore();
    expect(() =>
      store.atomically((write) => {
        store.atomically((inner) => inner.queueShipment({ stationRef: REF, input: shipmentInput(), now: T0 }));
        expect(write.shipment(REF)?.status).toBe('queued');
        throw new Error('the outer work failed');
      }),
    ).toThrow('the outer work failed');
    expect(store.read.shipment(REF)).toBeUndefined();
  });

  it("draws every setting on one side of the line: the desk's own or the warehouse's", () => {
    const keys = Object.keys(SETTING_SCHEMAS) as SettingKey[];
    const shared = keys.filter(isWarehouseSetting);
    expect(shared).toEqual([...WAREHOUSE_SETTINGS].sort((a, b) => keys.indexOf(a) - keys.indexOf(b)));
    // What is the desk's alone: its name, printers, scale and the documents it keeps.
    for (const key of ['deskId', 'labelPrinter', 'printerMedia', 'scale', 'pdfFolder', 'labelRetentionDays', 'autoPrintLabels'] as const) expect(isWarehouseSetting(key)).toBe(false);
    const store = openTempStore();
    store.atomically((write) => {
      write.setWarehouseSetting('unitSystem', 'metric');
      write.setDeskSetting('deskId', 'DESK7');
    });
    expect([store.read.warehouseSetting('unitSystem'), store.read.deskSetting('deskId')]).toEqual(['metric', 'DESK7']);
  });
});
