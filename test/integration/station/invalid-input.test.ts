/**
 * Invalid input to every station method, over the web host's HTTP API, against the whole
 * station (its connection is a production profile on a standalone sandbox with a limit high
 * enough that the fuzz never waits for the rate limiter).
 *
 * (a) Targeted: a valid input with one field broken is refused as `invalidInput` naming exactly
 *     that field path; an unknown extra key is refused naming the key.
 * (b) Fuzz: 1,000 seeded inputs per method (see invalidInput.ts). This file fuzzes the methods
 *     no other file does; the shipment, printer and print-job methods are fuzzed by
 *     invalid-input-*.test.ts, each against a station of its own, so Vitest runs them side by side.
 */
import { describe, expect, it } from 'vitest';
import type { StationMethod } from '../../../electron/api';
import { STATION_METHODS, STATION_METHOD_NAMES } from '../../../electron/api';
import { fieldPath } from '../../../electron/service/contract';
import { ApiResultShape } from '../../support/stationHarness';
import { FUZZ_GROUPS, describeFuzz, methodsOutsideGroups, useFuzzStation } from './invalidInput';

const use = useFuzzStation();

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
  ship: [['shipment.shipTo.zipPostalCode', 60607], ['shipment.packages[0].weight', 'heavy'], ['shipment.shipFrom', 'Chicago'], ['shipment', MISSING], ['requestKey', 'short'], ['requestKey', MISSING], ['overrides[0].kind', 'tired'], ['overrides[0].note', ''], ['overrides[1]', { kind: 'invalidAddress', note: 'twice' }]],
  findShipmentsByOrder: [['orderNumber', ''], ['orderNumber', 1001]],
  searchLocalShipments: [
    ['text', 5],
    ['limit', 501],
    ['offset', -1],
    ['filters.from', -1],
    ['filters.to', 1.5],
    ['filters.statuses', Array.from({ length: 21 }, () => 'Created')],
    ['filters.carriers[0]', 'c'.repeat(51)],
    ['filters.locationIds[0]', ''],
    ['filters', []],
    ['sort', 'cheapest'],
  ],
  searchRemoteShipments: [['request.pageNumber', 0], ['request.orderdBy[0].direction', 'UP'], ['request.filter', {}]],
  searchWarehouseHistory: [['text', 5], ['limit', 101], ['offset', -1]],
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
  openOrderFile: [['name', ''], ['name', MISSING], ['size', 0], ['size', 256 * 1024 * 1024 + 1], ['size', 2.5]],
  appendOrderFile: [['fileId', 'short'], ['offset', -1], ['data', 'not base64!'], ['data', 'QUJD'.repeat(200_000)], ['data', MISSING]],
  cancelOrderFile: [['fileId', 5]],
  closeOrderFile: [['fileId', '']],
  // An empty file and a mapping that names no column of the file pass the schema: the station reads the file and names the field.
  previewOrderImport: [['text', 5], ['text', ''], ['text', 'Order No;Recipient\u0000'], ['mapping.orderNumber', ''], ['mapping.orderNumber', 'No such column'], ['mapping', []], ['mapping.shoeSize', 'Qty']],
  importOrders: [['text', MISSING], ['text', 'x'.repeat(500_001)], ['fileId', 'A'.repeat(24)], ['encoding', 'ebcdic'], ['mapping.city', 'Town'], ['mapping.country', 44], ['mapping.weightUnit', 'stone']],
  listOrders: [['status', 'lost'], ['limit', 0], ['offset', -1], ['query', 5], ['international', 'yes'], ['minWeightGrams', -1], ['maxWeightGrams', 10_000_001], ['requestedService', ' ']],
  getOrder: [['orderNumber', ''], ['orderNumber', 1001]],
  scanOrder: [['scanned', '  '], ['scanned', MISSING], ['shipFromCountry', 'USA']],
  releaseOrder: [['orderNumber', '  '], ['orderNumber', MISSING]],
  takeOverOrder: [['reason', 'ok'], ['reason', MISSING], ['orderNumber', 7]],
  saveOrderMapping: [['name', ' '], ['name', 'n'.repeat(101)], ['mapping.city', MISSING], ['mapping.orderNumber', 7]],
  listOrderMappings: [['', 'all']],
  deleteOrderMapping: [['name', ''], ['name', 5]],
  estimateBatch: [
    ['orderNumbers', []],
    ['orderNumbers[1]', 'B-7'],
    ['orderNumbers[0]', ' '],
    ['box.unitOfLength', 'FT'],
    ['box.length', 0],
    ['box.height', MISSING],
    ['service.kind', 'cheapest'],
    ['service.carrier', MISSING],
    ['shipFromLocationId', ''],
  ],
  batchServices: [
    ['orderNumbers', []],
    ['orderNumbers[0]', 7],
    ['box.width', -1],
    ['box', MISSING],
    ['service', { kind: 'rule' }],
    ['shipFromLocationId', ''],
  ],
  shipBatch: [
    ['batchKey', 'short'],
    ['batchKey', MISSING],
    ['orderNumbers', Array.from({ length: 1001 }, (_, i) => `O-${i}`)],
    ['orderNumbers', 'B-7'],
    ['box', MISSING],
    ['box.width', 1001],
    ['service', MISSING],
    ['service.kind', 7],
    ['shipFromLocationId', 'l'.repeat(51)],
  ],
  getBatch: [['batchId', 0], ['batchId', 'one'], ['batchId', MISSING]],
  listBatches: [['limit', 0], ['limit', 501], ['limit', 2.5]],
  listPrinters: [['', 42]],
  getPrintSystem: [['', 'all']],
  getPrinterSetup: [['', true]],
  setPdfFolder: [['folder', 5], ['folder', ''], ['folder', MISSING], ['folder', 'x'.repeat(4097)]],
  openPrintedFile: [['printJobId', 0], ['printJobId', 'one'], ['printJobId', MISSING], ['reveal', 'yes']],
  setPrinterMap: [['labelPrinter', ''], ['documentPrinter', 5]],
  setPrinterMedia: [['media', 'B5'], ['printer', ''], ['media', MISSING], ['longer', 'B5'], ['longer', { width: 288 }], ['longer', '4x4']],
  setPrinterCopies: [['copies', 10], ['copies', 1.5], ['printer', MISSING]],
  setPrinterLanguage: [['language', 'EPL'], ['dpi', 204], ['darkness', 31], ['offset.x', -1], ['offset.y', 201], ['offset', 'left'], ['printer', MISSING]],
  printTestPage: [['printer', 'p'.repeat(256)]],
  reprintDocument: [['copies', 100], ['documentId', -1], ['printer', '']],
  printHistory: [['limit', 1001], ['stationRef', '']],
  getDocumentContent: [['documentId', 0], ['documentId', 'one']],
  previewPrint: [['documentId', 0], ['documentId', MISSING], ['printer', ''], ['printer', 7]],
  releaseHeldPrintJobs: [['', 'now']],
  retryPrintJob: [['id', -3], ['id', MISSING]],
  listPrintProblems: [['', 'all']],
  dismissPrintProblem: [['id', 2.5]],
  // The time is the station's own: a caller cannot pass one.
  getToday: [['timeZone', 'Mars/Olympus_Mons'], ['timeZone', 5], ['timeZone', 'x'.repeat(65)], ['timeZone', ''], ['timeZone', '../etc'], ['now', 1_700_000_000_000]],
  getSettings: [['', [{}]]],
  updateSettings: [['deskId', 'desk-1'], ['labelRetentionDays', 0], ['autoPrintLabels', 'true'], ['unitSystem', 'nautical'], ['boxPresets[0].height', 0], ['boxPresets[0].code', 'box a'], ['preferredCarrier', 5], ['scale.baudRate', 9601], ['scale.parity', 'mark'], ['scale.serialPort', '']],
  getWarehouse: [['', ['warehouse']]],
  saveWarehouse: [['host', ''], ['port', 70000], ['port', '5432'], ['database', 'Pack Bench'], ['role', MISSING], ['tls', 'maybe'], ['caCertificate', 'not a certificate'], ['deskName', '  '], ['password', '']],
  testWarehouse: [['port', 0], ['role', 'packbench;drop'], ['tls', true], ['password', 5]],
  turnOffWarehouse: [['', 'off']],
  getRequestBudget: [['', 'now']],
  countWarehouseConflicts: [['', 'open']],
  listWarehouseConflicts: [['', 'all']],
  getWarehouseJournal: [['', 'refused']],
  resolveWarehouseConflict: [['conflictId', 0], ['conflictId', 1.5], ['conflictId', '7'], ['resolution', '  ok  '], ['resolution', 'x'.repeat(501)], ['resolution', MISSING]],
};

describe('targeted: one broken field is named exactly', () => {
  it('the valid inputs used here are valid', () => {
    const { fx } = use;
    for (const method of STATION_METHOD_NAMES) {
      const parsed = STATION_METHODS[method].safeParse(fx.valid[method]);
      expect(parsed.success, `${method}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
    }
  });

  it.each(STATION_METHOD_NAMES)('%s', async (method) => {
    const { station, fx } = use;
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
    const { station } = use;
    const answer = await station.post('getSettings', deeplyNested({ deep: {} }, 'deep'));
    expect(answer.body).toMatchObject({ ok: false, error: { code: 'invalidInput' } });
  });

  it('inside a service record that keeps unknown fields is refused as invalid input by every method that takes one, and nothing is queued', async () => {
    const { station, fx } = use;
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

describe('the fuzz files', () => {
  it('fuzz every method once: no method is in two of them', () => {
    const grouped: StationMethod[] = Object.values(FUZZ_GROUPS).flat();
    expect(new Set(grouped).size).toBe(grouped.length);
    expect([...grouped, ...methodsOutsideGroups()].sort()).toEqual([...STATION_METHOD_NAMES].sort());
  });
});

describeFuzz(use, methodsOutsideGroups());
