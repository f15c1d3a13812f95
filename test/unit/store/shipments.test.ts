import { describe, expect, it } from 'vitest';
import { StoreInputError, StoreNotFoundError, StoreRowError, newStationRef, shipments, ulid } from '../../../electron/store';
import { createResult, searchRecord, shipmentInput, trackingRecord } from './support/samples';
import { T0, openTempStore } from './support/tempStore';

const REF = 'PB-DESK1-01JPB0000000000000000000AA';

describe('a queued shipment', () => {
  it('is stored with status queued, its input, and the columns lists show', () => {
    const { db } = openTempStore();
    shipments.insertQueuedShipment(db, { stationRef: REF, input: shipmentInput(), now: T0 });
    const stored = shipments.getByStationRef(db, REF);
    expect(stored).toMatchObject({
      stationRef: REF,
      serviceId: null,
      status: 'queued',
      carrier: 'UPS',
      shipToName: 'Jordan Lee',
      shipToCompany: null,
      shipToCity: 'San Francisco',
      orderNumber: 'SO-1001',
      customerPo: 'PO-77',
      trackingNumber: null,
      createdAt: T0,
      updatedAt: T0,
      delivered: false,
    });
    expect(stored?.input).toEqual(shipmentInput());
  });

  it('refuses a bad station reference, a bad input, and a reference used twice', () => {
    const { db } = openTempStore();
    expect(() => shipments.insertQueuedShipment(db, { stationRef: 'has space', input: shipmentInput(), now: T0 })).toThrow(StoreInputError);
    const input = { ...shipmentInput(), shipTo: { city: 'Nowhere' } };
    expect(() => shipments.insertQueuedShipment(db, { stationRef: REF, input: input as never, now: T0 })).toThrow(/shipment input: shipTo\.address1/);
    shipments.insertQueuedShipment(db, { stationRef: REF, input: shipmentInput(), now: T0 });
    expect(() => shipments.insertQueuedShipment(db, { stationRef: REF, input: shipmentInput(), now: T0 })).toThrow('already exists');
  });
});

describe('recordCreated', () => {
  it('fills the service id, tracking number and status, and keeps the result without document contents', () => {
    const { db } = openTempStore();
    shipments.insertQueuedShipment(db, { stationRef: REF, input: shipmentInput(), now: T0 });
    shipments.recordCreated(db, REF, createResult(), T0 + 5);
    const stored = shipments.getByServiceId(db, 'shp_0a1b2c3d4e5f60718293');
    expect(stored).toMatchObject({ stationRef: REF, status: 'Created', trackingNumber: '1Z999AA10123456784', updatedAt: T0 + 5 });
    expect(stored?.result?.documents?.[0]).toEqual({ document_Id: 'doc_1', documentName: 'label-1Z999AA10123456784.pdf', documentType: 'Label', documentMimeType: 'application/pdf' });
    expect(stored?.result?.carrierSurprise).toEqual({ kept: true });
  });

  it('is idempotent with the same result and refuses a different service id', () => {
    const { db } = openTempStore();
    shipments.insertQueuedShipment(db, { stationRef: REF, input: shipmentInput(), now: T0 });
    shipments.recordCreated(db, REF, createResult(), T0 + 5);
    shipments.recordCreated(db, REF, createResult(), T0 + 6);
    expect(shipments.getByStationRef(db, REF)?.updatedAt).toBe(T0 + 6);
    expect(() => shipments.recordCreated(db, REF, createResult({ id: 'shp_other' }), T0 + 7)).toThrow('already has service id');
  });

  it('merges a stand-in made from a search record before the station knew the shipment was its own', () => {
    const { db } = openTempStore();
    shipments.insertQueuedShipment(db, { stationRef: REF, input: shipmentInput(), now: T0 });
    shipments.upsertFromSearch(db, searchRecord({ id: 'shp_0a1b2c3d4e5f60718293', references: {} }), T0 + 1);
    expect(shipments.getByStationRef(db, 'svc-shp_0a1b2c3d4e5f60718293')).toBeDefined();
    shipments.recordCreated(db, REF, createResult(), T0 + 2);
    expect(shipments.getByStationRef(db, 'svc-shp_0a1b2c3d4e5f60718293')).toBeUndefined();
    expect(shipments.getByServiceId(db, 'shp_0a1b2c3d4e5f60718293')?.stationRef).toBe(REF);
  });

  it('names the missing shipment and the bad field', () => {
    const { db } = openTempStore();
    expect(() => shipments.recordCreated(db, 'PB-nope', createResult(), T0)).toThrow(StoreNotFoundError);
    shipments.insertQueuedShipment(db, { stationRef: REF, input: shipmentInput(), now: T0 });
    expect(() => shipments.recordCreated(db, REF, { id: 'shp_1' }, T0)).toThrow(/create result: trackingNumber/);
  });
});

describe('upsertFromSearch', () => {
  it('adds a shipment the station did not create under svc-<id>, dated by its shipment date', () => {
    const { db } = openTempStore();
    const stored = shipments.upsertFromSearch(db, searchRecord({ references: { orderNumber: 'WEB-88231' } }), T0);
    expect(stored).toMatchObject({
      stationRef: 'svc-shp_ffee00112233445566aa',
      serviceId: 'shp_ffee00112233445566aa',
      status: 'Created',
      carrier: 'USPS',
      trackingNumber: '9400111899223197428490',
      shipToName: 'Zoë Kowalczyk',
      shipToCompany: 'Northwind Traders',
      shipToCity: 'Milwaukee',
      orderNumber: 'WEB-88231',
      createdAt: Date.parse('2025-03-10T15:30:00.000Z'),
      input: null,
    });
    expect(stored.searchRecord?.locationName).toBe('Chicago DC');
  });

  it("uses another desk's station reference, and attaches a record to this desk's shipment waiting for its id", () => {
    const { db } = openTempStore();
    const other = shipments.upsertFromSearch(db, searchRecord({ references: { stationRef: 'PB-D2-01JOTHERDESK' } }), T0);
    expect(other.stationRef).toBe('PB-D2-01JOTHERDESK');
    shipments.insertQueuedShipment(db, { stationRef: REF, input: shipmentInput(), now: T0 });
    shipments.upsertFromSearch(db, searchRecord({ id: 'shp_mine', references: { stationRef: REF } }), T0 + 1);
    expect(shipments.getByStationRef(db, REF)).toMatchObject({ serviceId: 'shp_mine', status: 'Created', input: shipmentInput() });
  });

  it('updates a known shipment: status and search record change, what the record lacks is kept', () => {
    const { db } = openTempStore();
    shipments.insertQueuedShipment(db, { stationRef: REF, input: shipmentInput(), now: T0 });
    shipments.recordCreated(db, REF, createResult(), T0 + 1);
    shipments.upsertFromSearch(db, { id: 'shp_0a1b2c3d4e5f60718293', statusId: 'Blocked' }, T0 + 2);
    expect(shipments.getByStationRef(db, REF)).toMatchObject({ status: 'Blocked', shipToName: 'Jordan Lee', trackingNumber: '1Z999AA10123456784', updatedAt: T0 + 2 });
  });

  it('refuses a record without an id', () => {
    const { db } = openTempStore();
    expect(() => shipments.upsertFromSearch(db, { statusId: 'Created' }, T0)).toThrow(/search record: id/);
  });
});

describe('tracking and status', () => {
  it('recordTracking stores the record and sets delivered when an event says so', () => {
    const { db } = openTempStore();
    shipments.insertQueuedShipment(db, { stationRef: REF, input: shipmentInput(), now: T0 });
    shipments.recordCreated(db, REF, createResult(), T0);
    expect(shipments.recordTracking(db, 'shp_0a1b2c3d4e5f60718293', trackingRecord(false), T0 + 1)).toBe(true);
    expect(shipments.getByStationRef(db, REF)?.delivered).toBe(false);
    expect(shipments.listUndelivered(db, 10).map((s) => s.stationRef)).toEqual([REF]);
    shipments.recordTracking(db, 'shp_0a1b2c3d4e5f60718293', trackingRecord(true), T0 + 2);
    expect(shipments.getByStationRef(db, REF)).toMatchObject({ delivered: true, trackingRecord: { events: [{}, { code: 'DELIVERED' }] } });
    expect(shipments.listUndelivered(db, 10)).toEqual([]);
    expect(shipments.recordTracking(db, 'shp_unknown', trackingRecord(true), T0)).toBe(false);
  });

  it('listUndelivered leaves out queued, cancelled and discarded shipments and puts the least recently updated first', () => {
    const { db } = openTempStore();
    shipments.upsertFromSearch(db, searchRecord({ id: 'shp_a', references: {} }), T0 + 3);
    shipments.upsertFromSearch(db, searchRecord({ id: 'shp_b', references: {} }), T0 + 1);
    shipments.upsertFromSearch(db, searchRecord({ id: 'shp_c', statusId: 'Cancelled', references: {} }), T0);
    shipments.insertQueuedShipment(db, { stationRef: REF, input: shipmentInput(), now: T0 });
    expect(shipments.listUndelivered(db, 10).map((s) => s.serviceId)).toEqual(['shp_b', 'shp_a']);
    expect(shipments.listUndelivered(db, 1).map((s) => s.serviceId)).toEqual(['shp_b']);
  });

  it('setStatus changes the status and names a missing shipment', () => {
    const { db } = openTempStore();
    shipments.insertQueuedShipment(db, { stationRef: REF, input: shipmentInput(), now: T0 });
    shipments.setStatus(db, REF, 'cancelled', T0 + 1);
    expect(shipments.getByStationRef(db, REF)?.status).toBe('cancelled');
    expect(() => shipments.setStatus(db, 'PB-none', 'x', T0)).toThrow(StoreNotFoundError);
    expect(() => shipments.setStatus(db, REF, ' ', T0)).toThrow(/status: must not be empty/);
  });
});

describe('rows are parsed at the edge', () => {
  it('a damaged JSON column is reported by table, row and column', () => {
    const { db } = openTempStore();
    shipments.insertQueuedShipment(db, { stationRef: REF, input: shipmentInput(), now: T0 });
    db.prepare('UPDATE shipments SET input = ? WHERE station_ref = ?').run('{"shipDate": 5', REF);
    expect(() => shipments.getByStationRef(db, REF)).toThrow(StoreRowError);
    expect(() => shipments.getByStationRef(db, REF)).toThrow(`shipments row ${REF}: input: is not valid JSON`);
  });
});

describe('station references', () => {
  it('are PB-<desk>-<ULID>, time-ordered and valid', () => {
    const zeros = () => new Uint8Array(10);
    expect(ulid(0, zeros)).toBe('00000000000000000000000000');
    expect(newStationRef('D3', T0, zeros)).toBe(`PB-D3-${ulid(T0, zeros)}`);
    expect(ulid(T0 + 1, zeros) > ulid(T0, zeros)).toBe(true);
    expect(newStationRef('D3', T0)).toMatch(/^PB-D3-[0-9A-HJKMNP-TV-Z]{26}$/);
  });
});
