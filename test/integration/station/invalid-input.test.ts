/**
 * Invalid input to every station method, over the web host's HTTP API, against the whole
 * station (its connection is a production profile on a standalone sandbox with a limit high
 * enough that the fuzz never waits for the rate limiter).
 *
 * (a) Targeted: a valid input with one field broken is refused as `invalidInput` naming exactly
 *     that field path; an unknown extra key is refused naming the key.
 * (b) Fuzz: for each method, 1,000 seeded fast-check inputs (anything at all, records over the
 *     method's own keys with random or valid values, valid inputs mutated in depth) are sent;
 *     every answer is a well-formed ApiResult, never `internal` or `unknownMethod`, an
 *     `invalidInput` names a field of the method's input (or the input itself), and the station
 *     is still healthy afterwards. Set FUZZ_SEED to replay a run.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { MethodInput, StationMethod } from '../../../electron/api';
import { STATION_METHODS, STATION_METHOD_NAMES } from '../../../electron/api';
import { fieldPath } from '../../../electron/service/contract';
import { hostileKey, mutatedBody, nastyValue, toJsonText } from '../../support/jsonMutations';
import { ApiResultShape, startStationHarness, type StationHarness } from '../../support/stationHarness';
import { SAN_FRANCISCO, location, rateRequest, shipment } from '../../support/shipments';

const RUNS_PER_METHOD = 1000;
/** Requests in flight at once during the fuzz, over one keep-alive agent. */
const CONCURRENCY = 8;
const BASE_SEED = process.env.FUZZ_SEED === undefined ? 20_260_511 : Number(process.env.FUZZ_SEED);

type ValidInputs = { readonly [M in StationMethod]: MethodInput<M> };

interface Fixtures {
  readonly valid: ValidInputs;
}

let station: StationHarness;
let fx: Fixtures;

const MISSING = Symbol('missing');

/** `shipment.packages[0].weight` → ['shipment', 'packages', 0, 'weight'] (the inverse of fieldPath). */
function pathOf(field: string): (string | number)[] {
  const path: (string | number)[] = [];
  for (const part of field.match(/[^.[\]]+|\[\d+\]/g) ?? []) path.push(part.startsWith('[') ? Number(part.slice(1, -1)) : part);
  return path;
}

/** A deep copy of `input` with the value at `field` replaced (or removed); '' replaces the whole input. */
function breakAt(input: unknown, field: string, value: unknown): unknown {
  if (field === '') return value;
  const copy = JSON.parse(JSON.stringify(input)) as Record<string | number, unknown>;
  const path = pathOf(field);
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  const last = path[path.length - 1] ?? '';
  if (value === MISSING) delete node[last];
  else node[last] = value;
  expect(fieldPath(path)).toBe(field);
  return copy;
}

/** For each method, fields to break in its valid input and what to break them with. */
const BREAKS: { readonly [M in StationMethod]: readonly (readonly [field: string, value: unknown])[] } = {
  getConnection: [['', []]],
  listProfiles: [['', 'profiles']],
  saveProfile: [['baseUrl', 'ftp://127.0.0.1/'], ['authUrl', 'http://user:pw@127.0.0.1/'], ['name', ''], ['tier', 'Gold'], ['method', MISSING], ['requestsPerMinute', 0]],
  deleteProfile: [['profileId', ''], ['profileId', MISSING]],
  setProfileSecret: [['secret', ''], ['allowPlainText', 'yes'], ['profileId', 'x'.repeat(41)]],
  clearProfileSecret: [['profileId', 5]],
  testConnection: [['profileId', '   ']],
  switchProfile: [['profileId', null]],
  listLocations: [['page', 0], ['pageSize', 101], ['sort', 'color'], ['order', 'up'], ['query', 'q'.repeat(201)]],
  getLocation: [['id', '']],
  createLocation: [['location.referenceId', 5], ['location.address.country', 'USA'], ['location.active', MISSING], ['location.tags[1]', 7]],
  updateLocation: [['id', ' '], ['location.active', 'yes'], ['location.address.zipPostalCode', 60607]],
  deleteLocation: [['id', 'x'.repeat(101)]],
  validateAddress: [['address.country', 'USA'], ['address.city', MISSING]],
  rateShop: [['request.shipTo.zipPostalCode', 94105], ['request.packages[0].weight', -1], ['request.shipDate', 'tomorrow']],
  previewRules: [['shipment.shipDate', '2026-13-45T99:99:99Z'], ['shipment.shipmentInfo.carrier', MISSING]],
  ship: [['shipment.shipTo.zipPostalCode', 60607], ['shipment.packages[0].weight', 'heavy'], ['shipment.shipFrom', 'Chicago'], ['shipment', MISSING]],
  searchLocalShipments: [['text', 5], ['limit', 501], ['offset', -1]],
  searchRemoteShipments: [['request.pageNumber', 0], ['request.orderdBy[0].direction', 'UP'], ['request.filter', {}]],
  getShipment: [['stationRef', '-PB']],
  cancelShipments: [['stationRefs[1]', 'PB DESK1 X'], ['stationRefs', []]],
  updateShipment: [['changes.discountedCost', -1], ['stationRef', ''], ['changes.references.orderNumber', 1001]],
  blockShipment: [['reason', 'r'.repeat(501)]],
  unblockShipment: [['reason', 7]],
  archiveShipment: [['stationRef', 'a b']],
  trackShipments: [['stationRefs[0]', '']],
  listOutbox: [['states[0]', 'sent'], ['limit', 0]],
  retryOutboxItem: [['id', 1.5]],
  resubmitOutboxItem: [['shipment.shipFrom.city', null], ['id', 0]],
  discardOutboxItem: [['id', '1']],
  listPrinters: [['', 42]],
  getPrinterSetup: [['', true]],
  setPrinterMap: [['labelPrinter', ''], ['documentPrinter', 5]],
  setPrinterMedia: [['media', 'B5'], ['printer', ''], ['media', MISSING]],
  printTestPage: [['printer', 'p'.repeat(256)]],
  reprintDocument: [['copies', 100], ['documentId', -1], ['printer', '']],
  printHistory: [['limit', 1001], ['stationRef', '']],
  getSettings: [['', [{}]]],
  updateSettings: [['deskId', 'desk-1'], ['labelRetentionDays', 0], ['autoPrintLabels', 'true']],
};

function inputKeys(method: StationMethod): string[] {
  return Object.keys(STATION_METHODS[method].shape);
}

/** What is wrong with an answer to a fuzz input, or undefined when it is as it must be. */
function answerProblem(method: StationMethod, sent: string | undefined, status: number, text: string, body: unknown): string | undefined {
  const parsed = ApiResultShape.safeParse(body);
  if (!parsed.success) return `HTTP ${status}: not an ApiResult`;
  const answer = parsed.data;
  if (answer.ok) return status === 200 ? undefined : `HTTP ${status} with an ok answer`;
  const { code, fields, message } = answer.error;
  if (code === 'internal' || code === 'unknownMethod') return `code ${code}: ${message}`;
  if (![200, 400, 413].includes(status)) return `HTTP ${status}`;
  if (code !== 'invalidInput') return undefined;
  const keys = inputKeys(method);
  const input: unknown = sent === undefined ? undefined : JSON.parse(sent);
  // An unknown key is named as a field of its own.
  const sentKeys = typeof input === 'object' && input !== null && !Array.isArray(input) ? Object.keys(input) : [];
  const named = fields.some(
    ({ field, message }) =>
      field === '' ||
      keys.some((key) => field === key || field.startsWith(`${key}.`) || field.startsWith(`${key}[`)) ||
      (sentKeys.includes(field) && message === `${field} is not a known field`),
  );
  if (!named) return `invalidInput names no field of the input: ${text.slice(0, 400)}`;
  return undefined;
}

/** Runs `task` over `items`, at most `limit` at a time. */
async function pooled<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const item = items[next] as T;
      next += 1;
      await task(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** The three kinds of fuzz input for a method, as JSON text (undefined: no body). */
function fuzzInputs(method: StationMethod, valid: unknown): fc.Arbitrary<string | undefined> {
  const keys = inputKeys(method);
  const validRecord = valid as Record<string, unknown>;
  const valueFor = (key: string): fc.Arbitrary<unknown> =>
    validRecord[key] === undefined
      ? fc.oneof(fc.anything(), nastyValue)
      : fc.oneof({ arbitrary: fc.constant(validRecord[key]), weight: 1 }, { arbitrary: fc.anything(), weight: 2 }, { arbitrary: nastyValue, weight: 1 });
  // Methods without input get records of random keys instead.
  const records =
    keys.length === 0
      ? fc.dictionary(hostileKey, fc.anything(), { maxKeys: 3 })
      : fc.record(Object.fromEntries(keys.map((key) => [key, valueFor(key)])), { requiredKeys: [] });
  return fc
    .oneof(fc.anything(), records, mutatedBody(valid))
    .map((input) => (input === undefined ? undefined : toJsonText(input)));
}

async function waitCreated(ref: string, from: number): Promise<void> {
  await station.waitForEvent('outboxItem', (e) => e.stationRef === ref && e.kind === 'createShipment' && e.state === 'done', from);
}

async function makeFixtures(): Promise<Fixtures> {
  const service = await station.startServiceSandbox({ requestsPerMinute: 100_000, credentials: { apiKey: `fuzz-key-${Date.now().toString(36)}` } });
  const common = { baseUrl: service.baseUrl, authUrl: service.authUrl, method: 'apiKey' as const };
  const active = await station.value('saveProfile', { name: 'Fuzz service', ...common, tier: 'custom', requestsPerMinute: 100_000 });
  await station.value('setProfileSecret', { profileId: active.id, secret: service.credentials.apiKey });
  await station.value('switchProfile', { profileId: active.id });
  await station.value('setPrinterMap', { labelPrinter: station.labelQueue });
  // Shipments the fuzz creates keep their labels in the store; printing hundreds of them is not under test here.
  await station.value('updateSettings', { autoPrintLabels: false });
  const decoy = await station.value('saveProfile', { name: 'Decoy', ...common, tier: 'Standard' });
  const doomed = await station.value('saveProfile', { name: 'Doomed', ...common, tier: 'Standard' });

  const [kept, deletable] = await Promise.all(['WH-FUZZ-A', 'WH-FUZZ-B'].map((ref) => station.value('createLocation', { location: location(ref) })));
  const from = station.events.length;
  const first = await station.value('ship', { shipment: shipment() });
  const second = await station.value('ship', { shipment: shipment({ references: { orderNumber: 'SO-1002' } }) });
  const refused = await station.value('ship', { shipment: shipment({ shipTo: { ...SAN_FRANCISCO, zipPostalCode: '00000' } }) });
  await waitCreated(first.stationRef, from);
  await waitCreated(second.stationRef, from);
  await station.waitForEvent('outboxItem', (e) => e.stationRef === refused.stationRef && e.state === 'failed', from);
  const detail = await station.value('getShipment', { stationRef: first.stationRef });
  const documentId = detail.documents[0]?.documentId;
  if (kept === undefined || deletable === undefined || documentId === undefined) throw new Error('the fixtures could not be made');

  const valid: ValidInputs = {
    getConnection: {},
    listProfiles: {},
    saveProfile: { name: 'Fuzz added', ...common, tier: 'Standard' },
    deleteProfile: { profileId: doomed.id },
    setProfileSecret: { profileId: decoy.id, secret: 'decoy-secret' },
    clearProfileSecret: { profileId: decoy.id },
    testConnection: {},
    switchProfile: { profileId: active.id },
    listLocations: { query: 'Chicago', page: 1, pageSize: 10, sort: 'locationName', order: 'asc' },
    getLocation: { id: kept.id },
    createLocation: { location: location('WH-FUZZ-NEW') },
    updateLocation: { id: kept.id, location: { locationName: 'Fuzz DC', address: { zipPostalCode: '60607' } } },
    deleteLocation: { id: deletable.id },
    validateAddress: { address: SAN_FRANCISCO },
    rateShop: { request: rateRequest() },
    previewRules: { shipment: shipment() },
    ship: { shipment: shipment() },
    searchLocalShipments: { text: 'SO-1001', limit: 10, offset: 0 },
    searchRemoteShipments: { request: { searchTerm: 'SO', pageNumber: 1, pageSize: 5, filter: [], orderdBy: [{ column: 'shipmentDate', direction: 'DESC' }] } },
    getShipment: { stationRef: first.stationRef },
    cancelShipments: { stationRefs: [second.stationRef, first.stationRef] },
    updateShipment: { stationRef: first.stationRef, changes: { references: { orderNumber: 'SO-1001' }, discountedCost: 5 } },
    blockShipment: { stationRef: first.stationRef, reason: 'fuzz' },
    unblockShipment: { stationRef: first.stationRef, reason: 'fuzz' },
    archiveShipment: { stationRef: second.stationRef },
    trackShipments: { stationRefs: [first.stationRef] },
    listOutbox: { states: ['failed', 'done'], limit: 50 },
    retryOutboxItem: { id: refused.outboxId },
    resubmitOutboxItem: { id: refused.outboxId, shipment: shipment({ shipTo: { ...SAN_FRANCISCO, zipPostalCode: '00000' } }) },
    discardOutboxItem: { id: refused.outboxId },
    listPrinters: {},
    getPrinterSetup: {},
    setPrinterMap: { labelPrinter: station.labelQueue, documentPrinter: null },
    setPrinterMedia: { printer: station.labelQueue, media: '4x6' },
    printTestPage: { printer: station.labelQueue },
    reprintDocument: { documentId, copies: 1 },
    printHistory: { stationRef: first.stationRef, limit: 10 },
    getSettings: {},
    updateSettings: { labelRetentionDays: 30, autoPrintLabels: false },
  };
  return { valid };
}

beforeAll(async () => {
  station = await startStationHarness();
  fx = await makeFixtures();
});

afterAll(async () => {
  await station?.close();
});

describe('targeted: one broken field is named exactly', () => {
  it('the valid inputs used here are valid', () => {
    for (const method of STATION_METHOD_NAMES) {
      const parsed = STATION_METHODS[method].safeParse(fx.valid[method]);
      expect(parsed.success, `${method}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
    }
  });

  it.each(STATION_METHOD_NAMES)('%s', async (method) => {
    const valid = fx.valid[method];
    for (const [field, value] of BREAKS[method]) {
      const input = breakAt(valid, field, value);
      const answer = await station.callAny(method, input);
      expect(answer.ok, `${method} with ${field} broken`).toBe(false);
      if (answer.ok) continue;
      expect(answer.error.code, `${method} with ${field} broken`).toBe('invalidInput');
      expect([...new Set(answer.error.fields.map((f) => f.field))], `${method} with ${field} broken: ${answer.error.message}`).toEqual([field]);
    }

    const extra = await station.callAny(method, { ...valid, bogusKey: 1 });
    expect(extra).toMatchObject({ ok: false, error: { code: 'invalidInput' } });
    if (!extra.ok) {
      const naming = extra.error.fields.filter((f) => f.field === 'bogusKey' && f.message === 'bogusKey is not a known field');
      expect(naming, `${method}: ${JSON.stringify(extra.error.fields)}`).toHaveLength(1);
    }
  });

  it('every method has at least one broken-field case', () => {
    expect(STATION_METHOD_NAMES.filter((method) => BREAKS[method].length === 0)).toEqual([]);
  });
});

/** Methods whose input holds a service record that keeps unknown fields (the service's own schemas). */
const OPEN_RECORDS: readonly (readonly [StationMethod, string])[] = [
  ['createLocation', 'location'],
  ['updateLocation', 'location'],
  ['validateAddress', 'address'],
  ['rateShop', 'request'],
  ['previewRules', 'shipment'],
  ['ship', 'shipment'],
  ['searchRemoteShipments', 'request'],
  ['updateShipment', 'changes'],
  ['resubmitOutboxItem', 'shipment'],
];

/** JSON text of `input` with `"nested"` in its `key` record set to an object 20,000 levels deep (about 120 KB). */
function deeplyNested(input: unknown, key: string): string {
  const record = (input as Record<string, Record<string, unknown>>)[key];
  const text = JSON.stringify({ ...(input as Record<string, unknown>), [key]: { ...record, nested: '@DEEP@' } });
  return text.replace('"@DEEP@"', `${'{"n":'.repeat(20_000)}0${'}'.repeat(20_000)}`);
}

describe('deeply nested input', () => {
  it('in an unknown key of a strict input is refused as invalid input', async () => {
    const answer = await station.post('getSettings', deeplyNested({ deep: {} }, 'deep'));
    expect(answer.body).toMatchObject({ ok: false, error: { code: 'invalidInput' } });
  });

  it('inside a service record that keeps unknown fields is refused as invalid input by every method that takes one, and nothing is queued', async () => {
    const before = (await station.value('listOutbox', { limit: 1000 })).length;
    const wrong: string[] = [];
    for (const [method, key] of OPEN_RECORDS) {
      const answer = await station.post(method, deeplyNested(fx.valid[method], key));
      const parsed = ApiResultShape.safeParse(answer.body);
      const code = !parsed.success ? 'not an ApiResult' : parsed.data.ok ? 'ok' : parsed.data.error.code;
      if (code !== 'invalidInput') wrong.push(`${method} (20,000 levels inside ${key}) answered ${code}`);
    }
    expect((await station.value('listOutbox', { limit: 1000 })).length).toBe(before);
    expect(wrong).toEqual([]);
  });
});

describe(`fuzz: ${RUNS_PER_METHOD} random inputs per method`, () => {
  const started = Date.now();
  /** Per method, how many answers of each kind (ok or an error code). */
  const tally = new Map<string, Map<string, number>>();

  it.each(STATION_METHOD_NAMES.map((method, index) => [method, index] as const))('%s', async (method, index) => {
    const seed = BASE_SEED + index;
    const inputs = fc.sample(fuzzInputs(method, fx.valid[method]), { seed, numRuns: RUNS_PER_METHOD });
    expect(inputs).toHaveLength(RUNS_PER_METHOD);
    const problems: string[] = [];
    const outcomes = new Map<string, number>();
    await pooled(inputs, CONCURRENCY, async (text) => {
      const answer = await station.post(method, text);
      const outcome = ApiResultShape.safeParse(answer.body);
      const label = !outcome.success ? 'malformed' : outcome.data.ok ? 'ok' : outcome.data.error.code;
      outcomes.set(label, (outcomes.get(label) ?? 0) + 1);
      const problem = answerProblem(method, text, answer.status, answer.text, answer.body);
      if (problem !== undefined) problems.push(`${problem}\n  input: ${(text ?? '(no body)').slice(0, 300)}\n  answer: ${answer.text.slice(0, 300)}`);
    });
    // An unexpected failure is logged in full by the station; its first lines say where.
    const causes = [...new Set(station.logLines.filter((line) => line.startsWith(`${method} failed:`)).map((line) => line.split('\n').slice(0, 3).join(' | ')))];
    expect(problems.slice(0, 5), `seed ${seed}: ${problems.length} bad answers; station log: ${causes.join('\n')}`).toEqual([]);

    tally.set(method, outcomes);
    // Some inputs got past validation to the handler, so the fuzz tested more than the schema.
    expect(inputs.length - (outcomes.get('invalidInput') ?? 0), `${method}: ${JSON.stringify(Object.fromEntries(outcomes))}`).toBeGreaterThan(0);

    // Still healthy: the web host answers and the station's active connection works.
    const connection = await station.call('getConnection', {});
    expect(connection.ok).toBe(true);
  });

  it('left the web host and the station healthy', async () => {
    const connection = await station.value('getConnection', {});
    expect(connection.profile.name).toBe('Fuzz service');
    const page = await fetch(station.webHost.url);
    expect(page.status).toBe(200);
    console.log(`station fuzz: ${STATION_METHOD_NAMES.length} methods × ${RUNS_PER_METHOD} inputs in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    for (const [method, outcomes] of tally) console.log(`  ${method}: ${[...outcomes].map(([label, count]) => `${label} ${count}`).join(', ')}`);
  });
});
