/**
 * The station fuzz, shared by the files that run it (Vitest runs files in parallel, so the
 * methods are spread over a few of them, each with a station of its own). Each file opens the
 * whole station over the web host's HTTP API, with a production profile on a standalone sandbox
 * whose limit is high enough that the fuzz never waits for the rate limiter.
 *
 * For each method of a file, 1,000 seeded fast-check inputs (anything at all, records over the
 * method's own keys with random or valid values, valid inputs mutated in depth) are sent; every
 * answer is a well-formed ApiResult, never `internal` or `unknownMethod`, an `invalidInput` names
 * a field of the method's input (or the input itself), and the station is still healthy
 * afterwards. A method's seed is FUZZ_SEED (or the default) plus its place in
 * STATION_METHOD_NAMES, whichever file fuzzes it. Set FUZZ_SEED to replay a run.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { MethodInput, StationMethod } from '../../../electron/api';
import { STATION_METHODS, STATION_METHOD_NAMES } from '../../../electron/api';
import { hostileKey, mutatedBody, nastyValue, toJsonText } from '../../support/jsonMutations';
import type { RawAnswer } from '../../support/rawHttp';
import { ApiResultShape, startStationHarness, type StationHarness, type StationHarnessOptions } from '../../support/stationHarness';
import { SAN_FRANCISCO, location, rateRequest, requestKey, shipment } from '../../support/shipments';
import { inTurns } from '../../../electron/batches/quotes';
import { DEFAULT_MAX_BODY_BYTES } from '../../../electron/webhost/server';

export const RUNS_PER_METHOD = 1000;
/** Requests in flight at once during the fuzz, over one keep-alive agent. */
const CONCURRENCY = 8;
const BASE_SEED = process.env.FUZZ_SEED === undefined ? 20_260_511 : Number(process.env.FUZZ_SEED);
/**
 * A method's 1,000 inputs take seconds; on a busy machine (printing methods wait for the print
 * spooler) far longer. Generous, so a slow machine makes the run slow, never failed.
 */
export const FUZZ_TEST_TIMEOUT_MS = 10 * 60_000;
/** Starting CUPS, the station and the sandbox, and shipping the fixtures. */
export const SETUP_TIMEOUT_MS = 5 * 60_000;

/**
 * Which file fuzzes which methods; `invalid-input.test.ts` fuzzes every method not named here.
 * The printing methods drive the private CUPS (three lpstat runs per printer list, a spooled job
 * per test page or reprint), so they run beside the others rather than after them.
 */
export const FUZZ_GROUPS = {
  shipments: [
    'ship',
    'findShipmentsByOrder',
    'searchLocalShipments',
    'searchRemoteShipments',
    'searchWarehouseHistory',
    'getShipment',
    'cancelShipments',
    'updateShipment',
    'blockShipment',
    'unblockShipment',
    'archiveShipment',
    'trackShipments',
    'listOutbox',
    'retryOutboxItem',
    'resubmitOutboxItem',
    'discardOutboxItem',
  ],
  printers: ['listPrinters', 'getPrintSystem', 'getPrinterSetup', 'setPdfFolder', 'openPrintedFile', 'setPrinterMap', 'setPrinterMedia', 'setPrinterCopies', 'setPrinterLanguage', 'printHistory', 'getDocumentContent', 'previewPrint', 'listPrintProblems'],
  printJobs: ['printTestPage', 'reprintDocument', 'releaseHeldPrintJobs', 'retryPrintJob', 'dismissPrintProblem'],
  batches: ['estimateBatch', 'batchServices', 'shipBatch', 'getBatch', 'listBatches'],
} as const satisfies Record<string, readonly StationMethod[]>;

/** The methods `invalid-input.test.ts` fuzzes: all that no other file does. */
export function methodsOutsideGroups(): StationMethod[] {
  const grouped = new Set<StationMethod>(Object.values(FUZZ_GROUPS).flat());
  return STATION_METHOD_NAMES.filter((method) => !grouped.has(method));
}

export type ValidInputs = { readonly [M in StationMethod]: MethodInput<M> };

export interface Fixtures {
  readonly valid: ValidInputs;
}

export function inputKeys(method: StationMethod): string[] {
  return Object.keys(STATION_METHODS[method].shape);
}

/** What is wrong with an answer to a fuzz input, or undefined when it is as it must be. */
export function answerProblem(method: StationMethod, sent: string | undefined, status: number, text: string, body: unknown): string | undefined {
  const parsed = ApiResultShape.safeParse(body);
  if (!parsed.success) return `HTTP ${status}: not an ApiResult`;
  const answer = parsed.data;
  if (answer.ok) return status === 200 ? undefined : `HTTP ${status} with an ok answer`;
  const { code, fields, message } = answer.error;
  if (code === 'internal' || code === 'unknownMethod') return `code ${code}: ${message}`;
  if (![200, 400, 413].includes(status)) return `HTTP ${status}`;
  if (code !== 'invalidInput') return undefined;
  const keys = inputKeys(method);
  // An unknown key is named as a field of its own. The input is parsed only when a field can be
  // named no other way: some inputs are megabytes of nested arrays, refused long before parsing.
  let sentKeys: string[] | undefined;
  const keysSent = (): string[] => {
    if (sentKeys === undefined) {
      const input: unknown = sent === undefined ? undefined : JSON.parse(sent);
      sentKeys = typeof input === 'object' && input !== null && !Array.isArray(input) ? Object.keys(input) : [];
    }
    return sentKeys;
  };
  const named = fields.some(
    ({ field, message }) =>
      field === '' ||
      keys.some((key) => field === key || field.startsWith(`${key}.`) || field.startsWith(`${key}[`)) ||
      (message === `${field} is not a known field` && keysSent().includes(field)),
  );
  if (!named) return `invalidInput names no field of the input: ${text.slice(0, 400)}`;
  return undefined;
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
    .map((input) => (input === undefined ? undefined : toJsonText(loopbackOnly(method, input))));
}

/** Methods whose input names a server the station connects to. */
const CONNECTING_METHODS: ReadonlySet<StationMethod> = new Set(['saveWarehouse', 'testWarehouse']);

/**
 * A fuzzed host name would be looked up in the machine's DNS and maybe dialled: the tests send
 * no traffic beyond 127.0.0.1, so a string host is pinned to loopback (a host that is not a
 * string, or absent, still reaches validation; the host's own rules are the targeted tests').
 */
function loopbackOnly(method: StationMethod, input: unknown): unknown {
  if (!CONNECTING_METHODS.has(method) || typeof input !== 'object' || input === null || Array.isArray(input)) return input;
  const record = input as Record<string, unknown>;
  return typeof record.host === 'string' ? { ...record, host: '127.0.0.1' } : input;
}

const orderFile = (name: string): string => readFileSync(new URL(`../../fixtures/orders/${name}`, import.meta.url), 'utf8');
/** The columns of the semicolon sheet, chosen by hand. */
/** The box and service of the batches the fuzz ships. */
const BATCH_BOX = { length: 12, width: 10, height: 8, unitOfLength: 'IN' } as const;
const BATCH_SERVICE = { kind: 'service', carrier: 'UPS', serviceLevel: 'UPS_GROUND', shipMethod: 'Ground' } as const;
const SHEET_MAPPING = { orderNumber: 'Order No', name: 'Recipient', address1: 'Street', city: 'City', stateProvince: 'State', zipPostalCode: 'Postcode', country: 'Country', itemSku: 'SKU', itemDescription: 'Description', itemQuantity: 'Qty' };

async function makeFixtures(station: StationHarness): Promise<Fixtures> {
  const waitCreated = (ref: string, from: number) =>
    station.waitForEvent('outboxItem', (e) => e.stationRef === ref && e.kind === 'createShipment' && e.state === 'done', from, SETUP_TIMEOUT_MS);
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
  const first = await station.value('ship', { shipment: shipment(), requestKey: requestKey() });
  const second = await station.value('ship', { shipment: shipment({ references: { orderNumber: 'SO-1002' } }), requestKey: requestKey() });
  const refused = await station.value('ship', { shipment: shipment({ shipTo: { ...SAN_FRANCISCO, zipPostalCode: '00000' } }), requestKey: requestKey() });
  await waitCreated(first.stationRef, from);
  await waitCreated(second.stationRef, from);
  await station.waitForEvent('outboxItem', (e) => e.stationRef === refused.stationRef && e.state === 'failed', from, SETUP_TIMEOUT_MS);
  await station.value('importOrders', { text: orderFile('shopify-orders-export.csv') });
  // Orders with weights (B-1, B-7), and a batch of one of them to read back.
  await station.value('importOrders', { text: orderFile('orders-with-bad-rows.csv') });
  const batch = await station.value('shipBatch', { batchKey: requestKey(), orderNumbers: ['B-1'], box: BATCH_BOX, service: BATCH_SERVICE, shipFromLocationId: kept?.id });
  await station.value('saveOrderMapping', { name: 'Fuzz doomed', mapping: SHEET_MAPPING });
  const upload = await station.value('openOrderFile', { name: 'fuzz.csv', size: 64 });
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
    ship: { shipment: shipment(), requestKey: requestKey(), overrides: [{ kind: 'invalidAddress', note: 'the customer confirmed the address by phone' }] },
    findShipmentsByOrder: { orderNumber: 'SO-1001' },
    searchLocalShipments: {
      text: 'SO-1001',
      limit: 10,
      offset: 0,
      filters: { from: Date.now() - 86_400_000, to: Date.now() + 86_400_000, statuses: ['Created', 'queued'], carriers: ['UPS'], locationIds: [kept.id] },
      sort: 'oldest',
    },
    searchRemoteShipments: { request: { searchTerm: 'SO', pageNumber: 1, pageSize: 5, filter: [], orderdBy: [{ column: 'shipmentDate', direction: 'DESC' }] } },
    searchWarehouseHistory: { text: 'Rivera', limit: 10 },
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
    openOrderFile: { name: 'fuzz.csv', size: 64 },
    appendOrderFile: { fileId: upload.fileId, offset: 0, data: Buffer.from('Order No;Recipient;Street\r\n').toString('base64') },
    cancelOrderFile: { fileId: upload.fileId },
    closeOrderFile: { fileId: upload.fileId },
    previewOrderImport: { text: orderFile('spreadsheet-semicolon-bom-crlf.csv'), mapping: SHEET_MAPPING },
    importOrders: { text: orderFile('spreadsheet-semicolon-bom-crlf.csv'), mapping: SHEET_MAPPING },
    listOrders: { status: 'open', query: 'chicago', limit: 10, offset: 0, international: false, minWeightGrams: 0, maxWeightGrams: 50_000, requestedService: 'Express' },
    getOrder: { orderNumber: '#1001' },
    scanOrder: { scanned: '1001', shipFromCountry: 'US' },
    releaseOrder: { orderNumber: '1001' },
    takeOverOrder: { orderNumber: '1001', reason: 'Desk 3 crashed; the parcel moved here' },
    saveOrderMapping: { name: 'Fuzz sheet', mapping: SHEET_MAPPING },
    listOrderMappings: {},
    deleteOrderMapping: { name: 'Fuzz doomed' },
    estimateBatch: { orderNumbers: ['B-7', '#1001'], box: BATCH_BOX, service: BATCH_SERVICE, shipFromLocationId: kept.id },
    batchServices: { orderNumbers: ['B-7', '#1001'], box: BATCH_BOX, shipFromLocationId: kept.id },
    shipBatch: { batchKey: requestKey(), orderNumbers: ['B-7', '#1002'], box: BATCH_BOX, service: { kind: 'rule' }, shipFromLocationId: kept.id },
    getBatch: { batchId: batch.id },
    listBatches: { limit: 5 },
    listPrinters: {},
    getPrintSystem: {},
    getPrinterSetup: {},
    // Back to the default folder: the fuzzed calls that pass leave the PDF folder where it was.
    setPdfFolder: { folder: null },
    // A job that went to CUPS, not to the PDF folder: answered with why, nothing is opened.
    openPrintedFile: { printJobId: 1, reveal: false },
    setPrinterMap: { labelPrinter: station.labelQueue, documentPrinter: null },
    // With the longer stock too, so the fuzz breaks that field as well.
    setPrinterMedia: { printer: station.labelQueue, media: '4x6', longer: '4x8' },
    setPrinterCopies: { printer: station.labelQueue, copies: 1 },
    // PDF with the defaults: the fuzzed calls that pass leave the label printer as it was.
    setPrinterLanguage: { printer: station.labelQueue, language: 'PDF', dpi: 203, darkness: 15, offset: { x: 0, y: 0 } },
    printTestPage: { printer: station.labelQueue },
    reprintDocument: { documentId, copies: 1 },
    printHistory: { stationRef: first.stationRef, limit: 10 },
    getDocumentContent: { documentId },
    previewPrint: { documentId, printer: station.labelQueue },
    releaseHeldPrintJobs: {},
    // No job has failed here: a retry or a dismissal is refused as a conflict, a well-formed answer.
    retryPrintJob: { id: 1 },
    listPrintProblems: {},
    dismissPrintProblem: { id: 1 },
    getToday: { timeZone: 'America/Chicago' },
    getSettings: {},
    updateSettings: {
      labelRetentionDays: 30,
      autoPrintLabels: false,
      unitSystem: 'imperial',
      preferredCarrier: 'UPS',
      boxPresets: [{ code: 'BOX-F', name: 'Fuzz box', length: 10, width: 8, height: 6, unitOfLength: 'IN' }],
      scale: { connection: 'serial', protocol: 'sics', baudRate: 9600, dataBits: 8, parity: 'none', stopBits: 1, serialPort: null },
    },
    getWarehouse: {},
    // Port 1 on the loopback: nothing listens there, so a valid link is refused at once.
    saveWarehouse: { host: '127.0.0.1', port: 1, database: 'packbench', role: 'packbench_desk', tls: 'disable', caCertificate: null, deskName: 'Fuzz desk', password: 'fuzz-password' },
    testWarehouse: { host: '127.0.0.1', port: 1, database: 'packbench', role: 'packbench_desk', tls: 'disable', caCertificate: null, deskName: 'Fuzz desk', password: 'fuzz-password' },
    turnOffWarehouse: {},
    getRequestBudget: {},
    countWarehouseConflicts: {},
    getWarehouseJournal: {},
    listWarehouseConflicts: {},
    resolveWarehouseConflict: { conflictId: 1, resolution: 'Voided the second label.' },
  };
  return { valid };
}

export interface FuzzStation {
  /** The harness; set once `beforeAll` has run. */
  readonly station: StationHarness;
  readonly fx: Fixtures;
}

/**
 * Opens a station with the fuzz fixtures for the calling file (`beforeAll`) and closes it
 * (`afterAll`). `harness` tunes the station: a file that prints needs no 100 ms spooler poll.
 */
export function useFuzzStation(harness: StationHarnessOptions = {}): FuzzStation {
  let station: StationHarness | undefined;
  let fx: Fixtures | undefined;
  beforeAll(async () => {
    station = await startStationHarness(harness);
    fx = await makeFixtures(station);
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await station?.close();
  });
  return {
    get station() {
      if (station === undefined) throw new Error('the station is not open yet');
      return station;
    },
    get fx() {
      if (fx === undefined) throw new Error('the fixtures are not made yet');
      return fx;
    },
  };
}

/**
 * Posts a fuzz input. A body over the web host's limit is refused unread (413) and its
 * connection closed while the client may still be writing it, so the client can see the
 * connection cut before the answer (on a busy machine, often): that is the refusal too.
 */
async function postInput(station: StationHarness, method: StationMethod, text: string | undefined): Promise<RawAnswer | 'connection closed'> {
  try {
    return await station.post(method, text);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (Buffer.byteLength(text ?? '') > DEFAULT_MAX_BODY_BYTES && (code === 'ECONNRESET' || code === 'EPIPE')) return 'connection closed';
    throw error;
  }
}

/** The fuzz of `methods` against the calling file's station: one test per method, then a health check. */
export function describeFuzz(use: FuzzStation, methods: readonly StationMethod[]): void {
  describe(`fuzz: ${RUNS_PER_METHOD} random inputs per method`, () => {
    const started = Date.now();
    /** Per method, how many answers of each kind (ok or an error code). */
    const tally = new Map<string, Map<string, number>>();

    it.each(methods)(
      '%s',
      async (method) => {
        const { station, fx } = use;
        const seed = BASE_SEED + STATION_METHOD_NAMES.indexOf(method);
        const inputs = fc.sample(fuzzInputs(method, fx.valid[method]), { seed, numRuns: RUNS_PER_METHOD });
        expect(inputs).toHaveLength(RUNS_PER_METHOD);
        const problems: string[] = [];
        const outcomes = new Map<string, number>();
        await inTurns(inputs, CONCURRENCY, async (text) => {
          const answer = await postInput(station, method, text);
          if (answer === 'connection closed') {
            outcomes.set(answer, (outcomes.get(answer) ?? 0) + 1);
            return;
          }
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
      },
      FUZZ_TEST_TIMEOUT_MS,
    );

    it('left the web host and the station healthy', async () => {
      const { station } = use;
      const connection = await station.value('getConnection', {});
      expect(connection.profile.name).toBe('Fuzz service');
      const page = await fetch(station.webHost.url);
      expect(page.status).toBe(200);
      console.log(`station fuzz: ${methods.length} methods × ${RUNS_PER_METHOD} inputs in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      for (const [method, outcomes] of tally) console.log(`  ${method}: ${[...outcomes].map(([label, count]) => `${label} ${count}`).join(', ')}`);
    });
  });
}
