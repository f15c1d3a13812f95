/**
 * The search index across epochs: shipments written in any order (a sync going back in time, a
 * late arrival into a full epoch), then every kind of search held against a plain reading of
 * what it should find, page by page, in both orders, with filters and totals. Epochs of a few
 * shipments here (useEpochSize), so a few dozen shipments cross many of them.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { LocalSearchFilters } from '../../../electron/api';
import type { SearchRecord } from '../../../electron/service/contract';
import { parseQuery, searchShipments, shipments, type Db } from '../../../electron/store';
import { useCountWork } from '../../../electron/store/search';
import { listEpochs, useEpochSize } from '../../../electron/store/searchIndex';
import { compactIdentifier, wordsOf } from '../../../electron/store/searchText';
import { searchRecord } from './support/samples';
import { T0, openTempStore } from './support/tempStore';

/** What a generated shipment is, kept beside the store to search by hand. */
interface Model {
  readonly id: string;
  readonly at: number;
  readonly tracking: string;
  readonly order: string;
  readonly po: string | undefined;
  readonly name: string;
  readonly company: string | undefined;
  readonly city: string;
  readonly status: string;
  readonly carrier: string;
}

const ref = (m: Model) => `svc-${m.id}`;

function recordOf(m: Model): SearchRecord {
  return searchRecord({
    id: m.id,
    shipmentDate: new Date(m.at).toISOString(),
    statusId: m.status,
    trackingNumber: m.tracking,
    shipTo: { contactName: m.name, city: m.city, ...(m.company === undefined ? {} : { companyName: m.company }) },
    shipmentInfo: { carrier: m.carrier, shipMethod: 'Ground' },
    references: { orderNumber: m.order, ...(m.po === undefined ? {} : { customerPO: m.po }) },
    locationName: undefined,
  });
}

/** Whether `m` matches what was typed, read plainly from the rules in docs/store.md. */
function matches(m: Model, text: string): boolean {
  const query = parseQuery(text);
  if (query === null) return true;
  const identifiers = [m.tracking, m.id, ref(m)].map(compactIdentifier);
  const references = [m.order, m.po].filter((value): value is string => value !== undefined);
  const compacts = [...identifiers, ...references.map(compactIdentifier)];
  const starts = [...compacts, ...references.flatMap((r) => {
    const parts = r.split(/[^\p{L}\p{N}]+/u).filter((p) => compactIdentifier(p) !== '');
    return parts.slice(1).map((_, i) => compactIdentifier(parts.slice(i + 1).join('')));
  })];
  const names = [m.name, m.company ?? '', m.city].flatMap(wordsOf);
  // Of the words of names, only the last one typed may be the start of a word.
  const wordMatches = (word: { key: string; tail: string | null; words: readonly string[] }, lastTyped: boolean) => {
    const byKey = Array.from(word.key).length >= 2 ? starts.some((k) => k.startsWith(word.key)) : starts.includes(word.key);
    const byTail = word.tail !== null && compacts.some((k) => k.endsWith(word.key));
    const byWords =
      word.words.length > 0 &&
      word.words.every((w, i) => (lastTyped && i === word.words.length - 1 && Array.from(w).length >= 2 ? names.some((n) => n.startsWith(w)) : names.includes(w)));
    return byKey || byTail || byWords;
  };
  return query.alternatives.some((words) => words.every((word, i) => wordMatches(word, i === words.length - 1)));
}

function allowedBy(m: Model, filters: LocalSearchFilters): boolean {
  return (
    (filters.from === undefined || m.at >= filters.from) &&
    (filters.to === undefined || m.at < filters.to) &&
    (filters.statuses === undefined || filters.statuses.length === 0 || filters.statuses.includes(m.status)) &&
    (filters.carriers === undefined || filters.carriers.length === 0 || filters.carriers.includes(m.carrier))
  );
}

/** What a search should answer: the stationRefs of the page, and the total or "at least". `written` gives each model's place in the writing order. */
function expected(models: readonly Model[], written: readonly number[], query: { text: string; filters: LocalSearchFilters; sort: 'newest' | 'oldest'; offset: number; limit: number }) {
  const place = new Map(written.map((modelIndex, i) => [modelIndex, i]));
  // Seqs follow createdAt, and for equal ones the order written.
  const all = models
    .map((m, i) => ({ m, place: place.get(i) ?? 0 }))
    .filter(({ m }) => matches(m, query.text) && allowedBy(m, query.filters))
    .sort((a, b) => a.m.at - b.m.at || a.place - b.place)
    .map(({ m }) => ref(m));
  if (query.sort === 'newest') all.reverse();
  return { page: all.slice(query.offset, query.offset + query.limit), total: all.length > 1000 ? { totalAtLeast: 1000 } : { total: all.length } };
}

const FIRST = ['James', 'Jameson', 'Mary', 'Marie', 'Zoë', 'Søren', 'Ana'];
const LAST = ['Smith', 'Smithers', 'Müller', "O'Brien", 'Lee'];
const CITIES = ['Denver', 'San Francisco', 'Montréal', 'Den Haag'];
const COMPANIES = ['Acme Corp', 'Globex', 'Acme Logistics'];
const STATUSES = ['Created', 'Cancelled', 'Archived'];
const CARRIERS = ['UPS', 'FEDEX', 'USPS'];

const model = (n: number): fc.Arbitrary<Model[]> =>
  fc
    .array(
      fc.record({
        at: fc.integer({ min: 0, max: 40 }).map((minutes) => T0 + minutes * 60_000),
        tracking: fc.tuple(fc.constantFrom('1ZA1B2C3', '1ZX9Y8', '9400111', '7712'), fc.integer({ min: 0, max: 99_999 })).map(([head, n]) => `${head}${String(n).padStart(5, '0')}`),
        order: fc.tuple(fc.constantFrom('SO-', 'WEB-', 'SO-2024-'), fc.integer({ min: 100, max: 999 })).map(([head, n]) => `${head}${n}`),
        po: fc.option(fc.integer({ min: 1000, max: 9999 }).map((n) => `PO 45${n}`), { nil: undefined }),
        name: fc.tuple(fc.constantFrom(...FIRST), fc.constantFrom(...LAST)).map(([first, last]) => `${first} ${last}`),
        company: fc.option(fc.constantFrom(...COMPANIES), { nil: undefined }),
        city: fc.constantFrom(...CITIES),
        status: fc.constantFrom(...STATUSES),
        carrier: fc.constantFrom(...CARRIERS),
      }),
      { minLength: n, maxLength: n },
    )
    .map((rows) => rows.map((row, i) => ({ ...row, id: `shp_m${i}` })));

/** Writes the models in `order` (a permutation): shipments arrive in any order, as syncs bring them. */
function storeOf(models: readonly Model[], order: readonly number[], epochSize: number): Db {
  const { db } = openTempStore();
  useEpochSize(db, epochSize);
  db.transaction(() => {
    for (const i of order) {
      const m = models[i];
      if (m !== undefined) shipments.upsertFromSearch(db, recordOf(m), T0);
    }
  })();
  return db;
}

/** What a person might type about a shipment of the model. */
function typedAbout(m: Model, how: number): string {
  const choices = [
    m.tracking,
    m.tracking.slice(0, 2 + (how % 8)),
    m.tracking.slice(-4 - (how % 5)),
    m.order,
    m.order.slice(0, 4),
    m.order.replace(/\D/g, '').slice(0, 2),
    m.po ?? 'PO',
    m.name,
    m.name.split(' ')[0]?.slice(0, 3) ?? '',
    m.name.split(' ')[1] ?? '',
    `${m.city} ${m.name.split(' ')[0] ?? ''}`,
    m.company ?? 'acme',
    'den',
    'o',
    'zzz',
    ref(m).slice(-6),
  ];
  return choices[how % choices.length] ?? '';
}

describe('search across epochs', () => {
  it('answers every kind of search as a plain reading of the shipments would (fast-check)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 20, max: 70 }).chain((n) =>
          fc.record({
            models: model(n),
            order: fc.shuffledSubarray([...Array(n).keys()], { minLength: n, maxLength: n }),
            epochSize: fc.integer({ min: 2, max: 9 }),
            queries: fc.array(
              fc.record({
                about: fc.nat(),
                how: fc.nat(),
                filters: fc.record(
                  {
                    from: fc.integer({ min: 0, max: 40 }).map((m) => T0 + m * 60_000),
                    to: fc.integer({ min: 1, max: 41 }).map((m) => T0 + m * 60_000),
                    statuses: fc.subarray(STATUSES),
                    carriers: fc.subarray(CARRIERS),
                  },
                  { requiredKeys: [] },
                ),
                sort: fc.constantFrom('newest' as const, 'oldest' as const),
                offset: fc.integer({ min: 0, max: 30 }),
                limit: fc.integer({ min: 1, max: 12 }),
              }),
              { minLength: 8, maxLength: 8 },
            ),
          }),
        ),
        ({ models, order, epochSize, queries }) => {
          const db = storeOf(models, order, epochSize);
          for (const q of queries) {
            const m = models[q.about % models.length];
            if (m === undefined) continue;
            const text = q.how % 7 === 0 ? '' : typedAbout(m, q.how);
            const filters: LocalSearchFilters = q.filters.from !== undefined && q.filters.to !== undefined && q.filters.from >= q.filters.to ? { ...q.filters, to: undefined } : q.filters;
            const clean = Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined)) as LocalSearchFilters;
            const want = expected(models, order, { text, filters: clean, sort: q.sort, offset: q.offset, limit: q.limit });
            const got = searchShipments(db, text, { limit: q.limit, offset: q.offset, filters: clean, sort: q.sort });
            const label = `"${text}" ${JSON.stringify(clean)} ${q.sort} offset ${q.offset} limit ${q.limit} (epochs of ${epochSize})`;
            expect(got.results.map((s) => s.stationRef), label).toEqual(want.page);
            expect(got.total === undefined ? { totalAtLeast: got.totalAtLeast } : { total: got.total }, label).toEqual(want.total);
          }
        },
      ),
      { numRuns: 40 },
    );
  });

  it('a sync going back in time starts epochs of its own before the oldest; a late arrival into a full epoch splits it past twice its size', () => {
    const { db } = openTempStore();
    useEpochSize(db, 4);
    const write = (i: number, minutes: number) => shipments.upsertFromSearch(db, searchRecord({ id: `shp_${i}`, shipmentDate: new Date(T0 + minutes * 60_000).toISOString(), references: {} }), T0);
    // Newest first, as a pull of recent shipments brings them.
    for (let i = 0; i < 10; i++) write(i, 100 - i);
    expect(listEpochs(db).map((e) => e.shipments)).toEqual([2, 4, 4]);
    // Nine more inside the newest full epoch's range (minutes 95 to 100) split it.
    for (let i = 10; i < 19; i++) write(i, 97);
    const epochs = listEpochs(db);
    expect(epochs.every((e) => e.shipments <= 8)).toBe(true);
    expect(epochs.reduce((sum, e) => sum + e.shipments, 0)).toBe(19);
    // Every shipment is still found, newest first, and counted.
    const found = searchShipments(db, 'Milwaukee', { limit: 50 });
    expect(found.total).toBe(19);
    expect(found.results.map((s) => s.createdAt)).toEqual([...found.results.map((s) => s.createdAt)].sort((a, b) => b - a));
  });

  it('a shipment among over 1024 in one millisecond (its seq spilled into the next ones) is in the date range of its createdAt', () => {
    const { db } = openTempStore();
    const at = T0 + 5;
    db.transaction(() => {
      for (let i = 0; i < 1030; i++) shipments.upsertFromSearch(db, searchRecord({ id: `shp_${i}`, shipmentDate: new Date(at).toISOString(), references: {} }), T0);
      shipments.upsertFromSearch(db, searchRecord({ id: 'shp_after', shipmentDate: new Date(at + 1).toISOString(), references: {} }), T0);
    })();
    expect(searchShipments(db, '', { limit: 1, filters: { from: at, to: at + 1 } })).toMatchObject({ totalAtLeast: 1000 });
    expect(searchShipments(db, '', { limit: 5, offset: 1025, filters: { from: at, to: at + 1 } }).results).toHaveLength(5);
    expect(searchShipments(db, 'shp_after', { limit: 5, filters: { to: at + 1 } }).total).toBe(0);
    expect(searchShipments(db, 'shp_1029', { limit: 5, filters: { to: at + 1 } }).total).toBe(1);
    expect(searchShipments(db, 'shp_1029', { limit: 5, filters: { from: at + 1 } }).total).toBe(0);
  });

  it('a name word that is also the end of an identifier finds that shipment only when the other words match it too', () => {
    const { db } = openTempStore();
    const write = (id: string, name: string, orderNumber: string) =>
      shipments.upsertFromSearch(db, searchRecord({ id, shipTo: { contactName: name, city: 'Tacoma' }, references: { orderNumber }, trackingNumber: `1Z${id}` }), T0);
    db.transaction(() => {
      // No separator before SMITH: the order number ends with the name, no part of it starts with it.
      write('shp_a', 'James Smith', 'SO1');
      write('shp_b', 'James Brown', 'SO1SMITH');
      write('shp_c', 'Mary Brown', 'SO2SMITHX');
      write('shp_d', 'Mary Jones', 'WEB1SMITH');
    })();
    const ids = (text: string) => searchShipments(db, text, { limit: 10 }).results.map((s) => s.serviceId);
    expect(ids('James Smith')).toEqual(['shp_b', 'shp_a']);
    expect(ids('mary smith')).toEqual(['shp_d']);
    expect(ids('smith')).toEqual(['shp_d', 'shp_b', 'shp_a']);
    expect(ids('smith tacoma')).toEqual(['shp_d', 'shp_b', 'shp_a']);
    expect(searchShipments(db, 'smith', { limit: 10, filters: { statuses: ['Created'] } }).total).toBe(3);
  });

  it('counts behind a filter only while it is cheap: past that the total is "at least" what it counted, and the page is still exact', () => {
    const { db } = openTempStore();
    useEpochSize(db, 64);
    const total = 3000;
    db.transaction(() => {
      for (let i = 0; i < total; i++) {
        const carrier = i % 10 === 0 ? 'FEDEX' : 'UPS';
        shipments.upsertFromSearch(db, searchRecord({ id: `shp_${i}`, shipmentDate: new Date(T0 + i * 1000).toISOString(), trackingNumber: `1ZA1${String(i).padStart(6, '0')}`, shipmentInfo: { carrier, shipMethod: 'Ground' }, shipTo: { contactName: `Person ${i}`, city: 'Tacoma' }, references: {} }), T0);
      }
    })();
    const fedex = Array.from({ length: total }, (_, i) => i).filter((i) => i % 10 === 0).reverse().map((i) => `shp_${i}`);
    // Words of names with a filter, and keys with a filter: 3,000 candidates for 300 matches,
    // counted whole with allowance enough.
    useCountWork(db, 1_000_000);
    for (const text of ['tacoma', '1ZA1']) {
      const counted = searchShipments(db, text, { limit: 25, offset: 5, filters: { carriers: ['FEDEX'] } });
      expect(counted.results.map((s) => s.serviceId), text).toEqual(fedex.slice(5, 30));
      expect(counted.total, text).toBe(300);
    }
    // With no allowance for counting, reading stops with the page.
    useCountWork(db, 0);
    for (const text of ['tacoma', '1ZA1']) {
      const found = searchShipments(db, text, { limit: 25, offset: 5, filters: { carriers: ['FEDEX'] } });
      expect(found.results.map((s) => s.serviceId), text).toEqual(fedex.slice(5, 30));
      expect(found.total, text).toBeUndefined();
      expect(found.totalAtLeast, text).toBeGreaterThanOrEqual(30);
      expect(found.totalAtLeast, text).toBeLessThan(300);
    }
    // Unfiltered, the same words count to 1,000 and say "at least 1,000"; a rarer one is counted exactly.
    expect(searchShipments(db, 'tacoma', { limit: 1 }).totalAtLeast).toBe(1000);
    expect(searchShipments(db, '1ZA1000', { limit: 1 }).total).toBe(1000);
  });

  it('a typed word that starts more than 64 words is looked up as a prefix, and still finds them all', () => {
    const { db } = openTempStore();
    db.transaction(() => {
      for (let i = 0; i < 70; i++) shipments.upsertFromSearch(db, searchRecord({ id: `shp_${i}`, shipTo: { contactName: `Zanzibar${i} Quux`, city: 'Nowhere' }, references: {} }), T0);
    })();
    expect(searchShipments(db, 'zanz', { limit: 1 }).total).toBe(70);
    expect(searchShipments(db, 'quux zanzibar6', { limit: 100 }).total).toBe(11);
    // A word followed by another is whole: zanzibar6 alone, not zanzibar60 to zanzibar69.
    expect(searchShipments(db, 'zanzibar6 quux', { limit: 100 }).total).toBe(1);
  });
});
