/**
 * Get Locations over a few hundred locations, checked against an independent computation of
 * the documented behaviour (docs/service-decisions.md, Locations): Query is a case-insensitive
 * substring of referenceId, locationName, groupId, city, stateProvince, zipPostalCode,
 * contactName, emailAddress and tags; Sort orders by one field ignoring case and accents,
 * digit runs by value, then by id; Order reverses the whole order. And a page is answered
 * from its own rows: the records of locations outside it are never decoded.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LOCATION_SORT_FIELDS, type LocationCreate, type LocationListRecord } from '../../../electron/service/contract';
import { startSandbox, type RunningSandbox } from '../../../electron/sandbox/sandbox';
import { SandboxClient } from '../../support/sandboxHarness';

const COUNT = 300;
const NAMES = ['Dock', 'dock', 'Élan Yard', 'Elan yard', 'Zeta', 'alpha', 'Mid Yard', 'Ünion Depot', 'North', 'south annex'];
const CITIES = ['Chicago', 'San Francisco', 'Toronto', 'Québec', 'Austin', 'chicago heights'];
const STATES = ['IL', 'CA', 'ON', 'QC', 'TX'];

/** A deterministic, varied location: numbers in names and zips so digit runs matter. */
function locationNumber(i: number): LocationCreate {
  return {
    referenceId: `WH-${(i * 37) % 1000}`,
    ...(i % 4 === 0 ? {} : { groupId: `group ${i % 7}` }),
    locationName: `${NAMES[i % NAMES.length] ?? ''} ${(i * 13) % 120}`,
    active: i % 5 !== 0,
    address: {
      ...(i % 3 === 0 ? {} : { contactName: `Contact ${i % 11}`, emailAddress: `dock${i % 9}@example.com` }),
      address1: `${i} Main St`,
      city: CITIES[i % CITIES.length] ?? '',
      stateProvince: STATES[i % STATES.length] ?? '',
      country: i % 2 === 0 ? 'US' : 'CA',
      zipPostalCode: String(10000 + ((i * 7919) % 89999)),
    },
    tags: i % 6 === 0 ? ['overflow', `tag-${i % 4}`] : [],
    // Large fields the list does not show: a page must not have to read them.
    notesBlob: 'x'.repeat(2_000),
  };
}

interface Known {
  readonly list: LocationListRecord;
  readonly tags: readonly string[];
}

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
const text = (value: unknown): string => (typeof value === 'string' || typeof value === 'boolean' ? String(value) : '');
const SEARCHED = ['referenceId', 'locationName', 'groupId', 'city', 'stateProvince', 'zipPostalCode', 'contactName', 'emailAddress'] as const;

/** The documented list, computed here from the records, not by the sandbox. */
function expectedPage(all: readonly Known[], query: { Query?: string; Sort?: string; Order?: string; Page: number; Limit: number }): { ids: string[]; totalCount: number } {
  const needle = query.Query?.trim().toLowerCase() ?? '';
  const matching = all.filter(({ list, tags }) => needle === '' || SEARCHED.some((key) => text(list[key]).toLowerCase().includes(needle)) || tags.some((tag) => tag.toLowerCase().includes(needle)));
  const key = (query.Sort ?? 'locationName');
  const sign = query.Order?.toUpperCase() === 'DESC' ? -1 : 1;
  const sorted = [...matching].sort((a, b) => sign * (collator.compare(text(a.list[key]), text(b.list[key])) || (a.list.id < b.list.id ? -1 : a.list.id > b.list.id ? 1 : 0)));
  return { ids: sorted.slice((query.Page - 1) * query.Limit, query.Page * query.Limit).map(({ list }) => list.id), totalCount: matching.length };
}

let dir: string;
let sandbox: RunningSandbox;
let client: SandboxClient;
const known: Known[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'packbench-locations-'));
  sandbox = await startSandbox({ dbPath: join(dir, 'sandbox.db'), requestsPerMinute: 100_000 });
  client = new SandboxClient(sandbox);
  const tagsById = new Map<string, readonly string[]>();
  for (let i = 0; i < COUNT; i += 1) {
    const body = locationNumber(i);
    const created = await client.call('createLocation', { body });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    tagsById.set(created.json.id as string, body.tags ?? []);
    // A few are deleted: the list still shows them, flagged.
    if (i % 25 === 0) expect((await client.call('deleteLocation', { id: created.json.id as string })).status).toBe(200);
  }
  for (let page = 1; page <= COUNT / 100; page += 1) {
    const answer = await client.call('getLocations', { query: { Page: page, Limit: 100, Sort: 'createdOnUtc' } });
    for (const list of answer.json.data as LocationListRecord[]) known.push({ list, tags: tagsById.get(list.id) ?? [] });
  }
  expect(known).toHaveLength(COUNT);
});

afterAll(async () => {
  await sandbox.close();
  rmSync(dir, { recursive: true, force: true });
});

async function page(query: { Query?: string; Sort?: string; Order?: string; Page: number; Limit: number }): Promise<{ ids: string[]; totalCount: number; json: Record<string, unknown> }> {
  const answer = await client.call('getLocations', { query });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return { ids: (answer.json.data as LocationListRecord[]).map((l) => l.id), totalCount: answer.json.totalCount as number, json: answer.json };
}

describe('Get Locations over a few hundred locations', () => {
  it('lists every field of each location as its list record', () => {
    const sample = known.find(({ list }) => list.referenceId === locationNumber(1).referenceId)?.list;
    expect(sample).toEqual({
      id: expect.any(String),
      referenceId: 'WH-37',
      groupId: 'group 1',
      locationName: 'dock 13',
      emailAddress: 'dock1@example.com',
      address1: '1 Main St',
      city: 'San Francisco',
      stateProvince: 'CA',
      country: 'CA',
      zipPostalCode: String(10000 + 7919),
      contactName: 'Contact 1',
      defaultDescription: [],
      active: true,
      deleted: false,
      createdBy: 'api-key',
      createdOnUtc: expect.any(String),
      updatedBy: 'api-key',
    });
  });

  for (const Sort of LOCATION_SORT_FIELDS) {
    for (const Order of ['ASC', 'desc']) {
      it(`sorts by ${Sort} ${Order}, every page`, async () => {
        const Limit = 45;
        for (let Page = 1; Page <= Math.ceil(COUNT / Limit); Page += 1) {
          const answer = await page({ Sort, Order, Page, Limit });
          expect(answer.ids, `page ${Page}`).toEqual(expectedPage(known, { Sort, Order, Page, Limit }).ids);
          expect(answer.totalCount).toBe(COUNT);
        }
      });
    }
  }

  it('sorts by locationName ascending by default', async () => {
    expect((await page({ Page: 2, Limit: 25 })).ids).toEqual(expectedPage(known, { Sort: 'locationName', Page: 2, Limit: 25 }).ids);
  });

  for (const Query of ['yard', 'ÉLAN', 'dock1@', 'group 3', 'overflow', 'TAG-2', 'wh-3', 'chicago', '  qc  ', '1001', 'nothing-like-this']) {
    it(`finds "${Query}" in the searched fields and tags, paged`, async () => {
      const expected = expectedPage(known, { Query, Page: 1, Limit: 1000 });
      const Limit = 7;
      const seen: string[] = [];
      for (let Page = 1; Page <= Math.max(1, Math.ceil(expected.totalCount / Limit)); Page += 1) {
        const answer = await page({ Query, Sort: 'city', Order: 'DESC', Page, Limit });
        expect(answer.totalCount).toBe(expected.totalCount);
        expect(answer.ids).toEqual(expectedPage(known, { Query, Sort: 'city', Order: 'DESC', Page, Limit }).ids);
        seen.push(...answer.ids);
      }
      expect(new Set(seen).size).toBe(expected.totalCount);
    });
  }

  it('answers the paging fields for a page past the end', async () => {
    const answer = await page({ Page: 99, Limit: 10 });
    expect(answer.json).toMatchObject({ data: [], pageNumber: 99, pageSize: 10, totalCount: COUNT, totalPages: 30, hasPreviousPage: true, hasNextPage: false });
  });

  it('answers a page without decoding the records of locations outside it', async () => {
    const query = { Query: 'yard', Sort: 'zipPostalCode', Page: 2, Limit: 5 };
    const before = await client.call('getLocations', { query });
    const onPage = new Set((before.json.data as LocationListRecord[]).map((l) => l.id));
    expect(onPage.size).toBe(5);
    // Break every JSON document of every other location, in whichever table and column holds one.
    const db = new Database(join(dir, 'sandbox.db'));
    const broken: string[] = [];
    try {
      const others = known.map(({ list }) => list.id).filter((id) => !onPage.has(id));
      const tables = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map((t) => t.name);
      db.transaction(() => {
        for (const table of tables) {
          const columns = (db.prepare(`PRAGMA table_info(${table})`).all() as { name: string }[]).map((c) => c.name);
          if (!columns.includes('id') || (db.prepare(`SELECT count(*) AS n FROM ${table} WHERE id = ?`).get(others[0]) as { n: number }).n === 0) continue;
          const json = columns.filter((name) => (db.prepare(`SELECT count(*) AS n FROM ${table} WHERE substr(${name}, 1, 1) = '{'`).get() as { n: number }).n > 0);
          if (json.length === 0) continue;
          const breakRow = db.prepare(`UPDATE ${table} SET ${json.map((name) => `${name} = '{not json'`).join(', ')} WHERE id = ?`);
          for (const id of others) breakRow.run(id);
          broken.push(...json.map((name) => `${table}.${name}`));
        }
      })();
    } finally {
      db.close();
    }
    expect(broken).toContain('locations.record');
    const after = await client.call('getLocations', { query });
    expect(after.status, JSON.stringify(after.body)).toBe(200);
    expect(after.json).toEqual(before.json);
  });
});
