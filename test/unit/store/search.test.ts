import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { outbox, parseQuery, searchShipments, shipments, type Db } from '../../../electron/store';
import { createResult, searchRecord, shipmentInput } from './support/samples';
import { T0, openSuiteStore, openTempStore } from './support/tempStore';

const MINE = 'PB-DESK1-01JQ8ZC4M7T9W2XY5B3N6D8F0K';

/** One shipment made here (UPS, two packages) and one known from a search (USPS), plus filler. */
function storeWithShipments(shared = false): Db {
  const { db } = shared ? openSuiteStore() : openTempStore();
  outbox.queueShipment(db, {
    stationRef: MINE,
    input: shipmentInput({
      shipTo: { contactName: 'Jordan Lee', companyName: 'Ørsted Müller & Söhne', address1: '500 Howard St', city: 'San Francisco', stateProvince: 'CA', zipPostalCode: '94105', country: 'US' },
      references: { orderNumber: 'SO-2024-00917', customerPO: 'PO 4500123', bin: 'BIN-7' },
    }),
    now: T0,
  });
  shipments.recordCreated(
    db,
    MINE,
    createResult({
      id: 'shp_9f8e7d6c5b4a39281706',
      trackingNumber: '1Z999AA10123456784',
      packages: [{ trackingNumber: '1Z999AA10123456784' }, { trackingNumber: '1Z999AA10123456793' }],
    }),
    T0 + 10,
  );
  shipments.upsertFromSearch(db, searchRecord(), T0 + 20);
  for (let i = 0; i < 30; i++) {
    shipments.upsertFromSearch(
      db,
      searchRecord({
        id: `shp_filler${i}`,
        shipmentDate: new Date(T0 - (i + 1) * 60_000).toISOString(),
        trackingNumber: `7712345${String(i).padStart(5, '0')}`,
        shipTo: { contactName: `Filler Person ${i}`, city: 'Denver' },
        references: { orderNumber: `WEB-${1000 + i}` },
      }),
      T0,
    );
  }
  return db;
}

const refs = (db: Db, text: string) => searchShipments(db, text, { limit: 25 }).results.map((s) => s.stationRef);

describe('every searchable field finds its shipment', () => {
  let db: Db;
  beforeAll(() => {
    db = storeWithShipments(true);
  });
  const usps = 'svc-shp_ffee00112233445566aa';
  it.each([
    ['tracking number, whole', '1Z999AA10123456784', MINE],
    ['tracking number, lower case', '1z999aa10123456784', MINE],
    ['tracking number, as typed so far', '1Z999AA1', MINE],
    ['tracking number, last 8 digits', '23456784', MINE],
    ['second package tracking number, last digits', '3456793', MINE],
    ['22-digit USPS number, whole', '9400111899223197428490', usps],
    ['22-digit USPS number, last 8 digits', '97428490', usps],
    ['22-digit USPS number with spaces as printed', '9400 1118 9922 3197 4284 90', usps],
    ['service id', 'shp_9f8e7d6c5b4a39281706', MINE],
    ['service id, last characters', '5b4a39281706', MINE],
    ['station reference', MINE, MINE],
    ['station reference, last characters', '6D8F0K', MINE],
    ['order number', 'SO-2024-00917', MINE],
    ['order number without its dashes', 'SO202400917', MINE],
    ['order number, last digits', '00917', MINE],
    ['customer PO', 'PO 4500123', MINE],
    ['customer PO digits', '4500123', MINE],
    ['another reference value', 'BIN-7', MINE],
    ['recipient name', 'Jordan Lee', MINE],
    ['recipient name, first letters', 'jor', MINE],
    ['company, without its diacritics', 'muller sohne', MINE],
    ['company, with them', 'Müller', MINE],
    ['city', 'san francisco', MINE],
    ['name from a search record, folded', 'Zoe Kowalczyk', usps],
    ['order number of a search record', 'WEB-88231', usps],
    ['PO of a search record', '4500098765', usps],
  ])('%s', (_, text, expected) => {
    expect(refs(db, text)).toContain(expected);
  });

  it('words are ANDed', () => {
    expect(refs(db, 'Jordan Francisco')).toEqual([MINE]);
    expect(refs(db, 'Jordan Milwaukee')).toEqual([]);
  });
});

describe('results', () => {
  it('come newest first, a page at a time, with the total', () => {
    const db = storeWithShipments();
    const first = searchShipments(db, 'Denver', { limit: 10 });
    expect(first.total).toBe(30);
    expect(first.results.map((s) => s.serviceId)).toEqual(Array.from({ length: 10 }, (_, i) => `shp_filler${i}`));
    const third = searchShipments(db, 'Denver', { limit: 10, offset: 25 });
    expect(third.results.map((s) => s.serviceId)).toEqual(['shp_filler25', 'shp_filler26', 'shp_filler27', 'shp_filler28', 'shp_filler29']);
    expect(first.results[0]).toMatchObject({ shipToCity: 'Denver', carrier: 'USPS', status: 'Created', delivered: false });
  });

  it('for text with nothing to search, list the newest shipments', () => {
    const db = storeWithShipments();
    const listed = searchShipments(db, '  -- ** ', { limit: 3 });
    // The search record's shipment date (10 March) is older than the filler's.
    expect(listed.results.map((s) => s.stationRef)).toEqual([MINE, 'svc-shp_filler0', 'svc-shp_filler1']);
    expect(listed.total).toBe(32);
  });

  it('refuse a page size out of range', () => {
    const db = storeWithShipments();
    expect(() => searchShipments(db, 'x', { limit: 0 })).toThrow(/search options: limit/);
  });
});

describe('the index follows the shipments', () => {
  it('a shipment is found by its tracking number once created, and not by values it no longer has', () => {
    const { db } = openTempStore();
    outbox.queueShipment(db, { stationRef: 'PB-1-A', input: shipmentInput(), now: T0 });
    expect(refs(db, '23456784')).toEqual([]);
    shipments.recordCreated(db, 'PB-1-A', createResult(), T0 + 1);
    expect(refs(db, '23456784')).toEqual(['PB-1-A']);

    shipments.upsertFromSearch(db, searchRecord({ id: 'shp_x', shipTo: { contactName: 'Old Name' }, references: {} }), T0);
    shipments.upsertFromSearch(db, searchRecord({ id: 'shp_x', shipTo: { contactName: 'New Name' }, references: {} }), T0 + 1);
    expect(refs(db, 'Old')).toEqual([]);
    expect(refs(db, 'New Name')).toEqual(['svc-shp_x']);
  });

  it('a merged stand-in leaves the index with its row', () => {
    const { db } = openTempStore();
    outbox.queueShipment(db, { stationRef: 'PB-1-A', input: shipmentInput(), now: T0 });
    shipments.upsertFromSearch(db, searchRecord({ id: 'shp_0a1b2c3d4e5f60718293', references: {} }), T0);
    shipments.recordCreated(db, 'PB-1-A', createResult(), T0 + 1);
    expect(refs(db, 'svc')).toEqual([]);
    expect(refs(db, 'shp_0a1b2c3d4e5f60718293')).toEqual(['PB-1-A']);
    expect(searchShipments(db, '', { limit: 10 }).total).toBe(1);
  });

  it('rebuildSearchIndex makes the same index again', () => {
    const db = storeWithShipments();
    expect(shipments.rebuildSearchIndex(db)).toBe(32);
    expect(refs(db, '97428490')).toEqual(['svc-shp_ffee00112233445566aa']);
  });
});

describe('what a person types is searched as text, never obeyed as query syntax', () => {
  it.each([
    ['"', null],
    ['say "hi', [{ key: 'say', tail: null, words: ['say'], wordsPrefix: false }, { key: 'hi', tail: null, words: ['hi'], wordsPrefix: true }]],
    ['1Z*', [{ key: '1z', tail: null, words: ['1z'], wordsPrefix: true }]],
    ['-Denver', [{ key: 'denver', tail: 'denver', words: ['denver'], wordsPrefix: true }]],
    ['NEAR(a b)', [{ key: 'neara', tail: 'neara', words: ['near', 'a'], wordsPrefix: false }, { key: 'b', tail: null, words: ['b'], wordsPrefix: true }]],
    ['tails:123', [{ key: 'tails123', tail: 'tails123', words: ['tails', '123'], wordsPrefix: true }]],
  ])('%s is words and nothing else', (text, expected) => {
    expect(parseQuery(text)?.alternatives[0] ?? null).toEqual(expected);
  });

  it('operators and punctuation do not break the search', () => {
    const db = storeWithShipments();
    for (const text of ['Jordan AND', 'OR Jordan', 'NOT Jordan', 'Jordan NEAR Lee', '(Jordan', 'Jordan)', '^Jordan', '{words}: Jordan', 'words:Jordan', '"Jordan"', 'Jor*dan', "Jordan'; DROP TABLE shipments; --"]) {
      expect(() => searchShipments(db, text, { limit: 5 }), text).not.toThrow();
    }
    expect(refs(db, '"Jordan"')).toEqual([MINE]);
    expect(refs(db, 'NOT Jordan')).toEqual([]);
    expect(searchShipments(db, '', { limit: 1 }).total).toBe(32);
  });

  it('arbitrary strings never throw (fast-check)', () => {
    const db = storeWithShipments();
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary', maxLength: 60 }), fc.string({ unit: fc.constantFrom('"', '*', '-', '(', ')', ':', '^', '{', '}', ' ', 'N', 'E', 'A', 'R', 'O', 'D', '1', '\0') })), (text) => {
        const result = searchShipments(db, text, { limit: 5 });
        expect(result.results.length).toBeLessThanOrEqual(5);
      }),
      { numRuns: 500 },
    );
  });

  it('a recipient with any name is found by each word of it (fast-check)', () => {
    const { db } = openTempStore();
    const word = fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzäöüéñçøß0123456789-\'".*'.split('')), minLength: 1, maxLength: 12 });
    let n = 0;
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 3 }), (words) => {
        const id = `shp_prop${n++}`;
        const name = words.join(' ');
        shipments.upsertFromSearch(db, searchRecord({ id, shipTo: { contactName: name }, references: {}, trackingNumber: undefined }), T0);
        for (const w of words) {
          if (parseQuery(w) === null) continue;
          const found = searchShipments(db, w, { limit: 500 }).results.map((s) => s.serviceId);
          expect(found, `"${w}" of "${name}"`).toContain(id);
        }
      }),
      { numRuns: 200 },
    );
  });
});
