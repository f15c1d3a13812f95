import { describe, expect, it } from 'vitest';
import { StoreInputError, shipments } from '../../../electron/store';
import { overridesOf, recordOverride } from '../../../electron/store/overrides';
import { shipmentInput } from './support/samples';
import { T0, openTempStore } from './support/tempStore';

describe('shipment overrides', () => {
  it('are kept with their shipment in the order they were made, and refused when they say nothing', () => {
    const { db } = openTempStore();
    const ref = 'PB-D1-OVERRIDE';
    shipments.insertQueuedShipment(db, { stationRef: ref, input: shipmentInput(), now: T0 });
    recordOverride(db, ref, { kind: 'invalidAddress', note: 'The address check said Invalid; shipped as it is' }, T0);
    recordOverride(db, ref, { kind: 'unverifiedItems', note: 'Not scanned into the box: MUG-1 ×1' }, T0 + 5);
    expect(overridesOf(db, ref)).toEqual([
      { kind: 'invalidAddress', note: 'The address check said Invalid; shipped as it is', createdAt: T0 },
      { kind: 'unverifiedItems', note: 'Not scanned into the box: MUG-1 ×1', createdAt: T0 + 5 },
    ]);
    expect(overridesOf(db, 'PB-D1-OTHER')).toEqual([]);
    expect(() => recordOverride(db, ref, { kind: 'invalidAddress', note: '  ' }, T0)).toThrow(StoreInputError);
  });
});
