/**
 * Random and malformed requests for every operation of the service, as fast-check
 * arbitraries of raw HTTP requests: random JSON, mutated valid bodies, malformed JSON text,
 * wrong content types, odd path ids, odd query strings, odd credentials, odd token forms.
 */
import fc from 'fast-check';
import { LOCATION_SORT_FIELDS, OPERATION_IDS, operations, tokenEndpoints } from '../../electron/service/contract';
import type { SandboxCredentials } from '../../electron/sandbox/server/auth';
import { mutatedBody, nastyValue, toJsonText } from './jsonMutations';
import type { RawRequest } from './rawHttp';
import { ALL_TARGETS, targetOf, type Target } from './serviceAnswers';
import { CHICAGO, SAN_FRANCISCO, TORONTO, internationalShipment, location, rateRequest, shipment } from './shipments';

/** Records that exist in the sandbox under fuzz, so some requests reach real ones. */
export interface FuzzFixtures {
  readonly shipmentIds: readonly string[];
  readonly trackingNumbers: readonly string[];
  readonly locationIds: readonly string[];
  readonly oauthToken: string;
  readonly bearerToken: string;
  readonly credentials: SandboxCredentials;
  /** Path of {auth_url}, e.g. `/auth`. */
  readonly authPath: string;
}

interface Shaped {
  readonly id?: string;
  readonly query?: unknown;
  readonly body?: unknown;
}

function one<T>(items: readonly T[], pick: number): T {
  const item = items[pick % items.length];
  if (item === undefined) throw new Error('nothing to pick from');
  return item;
}

const pallet = { weight: 900, length: 48, width: 40, height: 48, type: 'Pallet', freightClass: '70' };
const box = { weight: 5, length: 12, width: 10, height: 8 };

const SHIPMENTS = [
  shipment(),
  internationalShipment(),
  shipment({ shipmentInfo: { shipMethod: 'Freight', carrier: 'ODFL' }, packages: [pallet] }),
  shipment({ shipmentInfo: { shipMethod: 'Ground', carrier: 'FedEx' }, packages: [box, { ...box, weight: 9 }, { ...box, weight: 2 }] }),
];
const RATE_REQUESTS = [rateRequest(), { ...rateRequest(), shipTo: TORONTO, internationalDetail: internationalShipment().internationalDetail }, { ...rateRequest(), packages: [pallet] }];

/** A valid request for the target, built around the fixtures; `pick` chooses among variants. */
export function validFor(target: Target, pick: number, fx: FuzzFixtures): Shaped {
  const shipmentId = one(fx.shipmentIds, pick);
  switch (target) {
    case 'getLocations':
      return { query: { Page: '1', Limit: '10', Query: 'Chicago', Sort: one(LOCATION_SORT_FIELDS, pick), Order: 'DESC' } };
    case 'getLocation':
    case 'deleteLocation':
      return { id: one(fx.locationIds, pick) };
    case 'createLocation':
      return { body: location(`WH-FUZZ-${pick}`) };
    case 'updateLocation':
      return { id: one(fx.locationIds, pick), body: { locationName: 'Renamed DC', address: { city: 'Chicago' }, tags: ['renamed'] } };
    case 'createShipment':
    case 'applyRule':
      return { body: one(SHIPMENTS, pick) };
    case 'rateShop':
      return { body: one(RATE_REQUESTS, pick) };
    case 'validateAddress':
      return { body: { address: one([CHICAGO, SAN_FRANCISCO, TORONTO], pick) } };
    case 'cancelShipments':
      return { body: { shipments: [{ id: shipmentId, cancelReason: 'customer changed their mind' }] } };
    case 'searchShipments':
      return { body: { pageNumber: 1, pageSize: 10, searchTerm: 'SO', filter: [{ column: 'statusId', condition: 0, value: 'Created' }], orderdBy: [{ column: 'shipmentDate', direction: 'DESC' }] } };
    case 'updateShipments':
      return { body: { shipments: [{ id: shipmentId, carrierReferenceId: 'REF-1', shipMethod: 'Ground', references: { orderNumber: 'SO-9' }, discountedCost: 12.5 }] } };
    case 'trackShipments':
      return { body: { shipments: [{ id: shipmentId }, { trackingNumber: one(fx.trackingNumbers, pick) }] } };
    case 'blockShipment':
    case 'unblockShipment':
      return { id: shipmentId, body: { reason: 'address check' } };
    case 'archiveShipment':
      return { id: shipmentId };
    case 'oauthToken':
      return { body: { grant_type: 'client_credentials', client_id: fx.credentials.clientId, client_secret: fx.credentials.clientSecret, scope: 'shipping' } };
    case 'bearerToken':
      return { body: { clientId: fx.credentials.clientId, clientSecret: fx.credentials.clientSecret } };
  }
}

/** A surrogate with no partner: encodeURIComponent refuses it. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * Percent-encodes each code point; a lone surrogate becomes the bytes a careless encoder writes.
 * Encoded a run at a time, not a code point at a time: bodies here reach 20 MB.
 */
export function encodeEach(text: string): string {
  return text.split(LONE_SURROGATE).map(encodeURIComponent).join('%ED%A0%80');
}

/** A path id as a client that encodes it would send it, or with only the unsendable bytes encoded. */
export function pathSegment(id: string, raw: boolean): string {
  if (!raw) return encodeEach(id);
  return Array.from(id, (ch) => (/^[\x21-\x7e]$/.test(ch) ? ch : encodeEach(ch))).join('');
}

const asText = (value: unknown): string => (typeof value === 'string' ? value : toJsonText(value));

/** A query (or token form) value as text: a record's entries as `name=value` pairs. */
function formText(value: unknown): string {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return encodeEach(asText(value));
  return new URLSearchParams(Object.entries(value).map(([name, v]) => [name, asText(v)])).toString();
}

interface BuildOptions {
  readonly id?: string;
  readonly rawId?: boolean;
  readonly query?: unknown;
  /** A value to send as JSON (or as a form for the OAuth endpoint), or raw text with `text`. */
  readonly body?: unknown;
  readonly text?: string;
  /** `null` sends no Content-Type at all. */
  readonly contentType?: string | null;
  readonly headers?: Readonly<Record<string, string>>;
}

export function methodOf(target: Target): string {
  return target === 'oauthToken' || target === 'bearerToken' ? 'POST' : operations[target].method;
}

export function pathOf(target: Target, fx: FuzzFixtures, segment = 'none'): string {
  if (target === 'oauthToken') return `${fx.authPath}${tokenEndpoints.oauthToken.path}`;
  if (target === 'bearerToken') return tokenEndpoints.bearerToken.path;
  return operations[target].path.replace('{id}', segment);
}

/** A raw request for the target; the API key is sent unless `headers` says otherwise. */
export function build(target: Target, fx: FuzzFixtures, options: BuildOptions): RawRequest {
  const isForm = target === 'oauthToken';
  const text = options.text ?? (options.body === undefined ? undefined : isForm ? formText(options.body) : toJsonText(options.body));
  const contentType = options.contentType === undefined ? (isForm ? 'application/x-www-form-urlencoded' : 'application/json') : options.contentType;
  const query = options.query === undefined ? '' : `?${formText(options.query)}`;
  const auth: Record<string, string> = isForm || target === 'bearerToken' ? {} : { 'X-API-KEY': fx.credentials.apiKey };
  return {
    method: methodOf(target),
    path: pathOf(target, fx, pathSegment(options.id ?? 'none', options.rawId ?? false)) + query,
    headers: { ...auth, ...(text === undefined || contentType === null ? {} : { 'Content-Type': contentType }), ...options.headers },
    ...(text === undefined ? {} : { body: text }),
  };
}

const fromShaped = (target: Target, fx: FuzzFixtures, shaped: BuildOptions): RawRequest => build(target, fx, shaped);

const target = fc.constantFrom(...ALL_TARGETS);
const printable = (maxLength: number) => fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength });

const ODD_IDS = [
  '%', '%%', '%zz', '%2', '%00', '%2F', '%2e%2e', '..', '.', '../..', '..%2F..', 'a/b', '/', '//', '?', '?x=1', '#', '#frag',
  '%C0%AF', '%ED%A0%80', '%FF', 'null', 'undefined', 'NaN', '0', '-1', "' OR 1=1 --", '"; DROP TABLE shipments; --', 'é', '日本',
  '📦', ' ', '+', '*', '\u0000', '\ud800', `shp_${'x'.repeat(5_000)}`, '__proto__', 'constructor', 'toString', '',
];

export function idArbitrary(fx: FuzzFixtures): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constantFrom(...fx.shipmentIds, ...fx.locationIds),
    fc.constantFrom(...ODD_IDS),
    fc.string({ maxLength: 30 }),
    fc.string({ unit: 'grapheme', maxLength: 20 }),
    fc.string({ unit: 'binary', maxLength: 20 }),
  );
}

/** Random JSON of any shape, sent where a valid body (or query) would go. */
export function randomJsonRequests(fx: FuzzFixtures): fc.Arbitrary<RawRequest> {
  return fc.record({ target, pick: fc.nat(), value: fc.jsonValue({ maxDepth: 4 }), asQuery: fc.boolean() }).map(({ target: t, pick, value, asQuery }) => {
    const shaped = validFor(t, pick, fx);
    return t === 'getLocations' && asQuery ? fromShaped(t, fx, { query: value }) : fromShaped(t, fx, { ...shaped, body: value });
  });
}

/** A valid body (the query for Get Locations, the id where there is no body) with one to three mutations. */
export function mutatedRequests(fx: FuzzFixtures): fc.Arbitrary<RawRequest> {
  return fc.record({ target, pick: fc.nat() }).chain(({ target: t, pick }) => {
    const shaped = validFor(t, pick, fx);
    if (t === 'getLocations') return mutatedBody(shaped.query).map((query) => fromShaped(t, fx, { query }));
    if (shaped.body === undefined) return idArbitrary(fx).map((id) => fromShaped(t, fx, { id }));
    return mutatedBody(shaped.body).map((body) => fromShaped(t, fx, { ...shaped, body }));
  });
}

const MALFORMED = [
  '', ' ', '\n', 'null', '{', '}', '[', ']', '{"a":}', '{"a":1,}', "{'a':1}", 'NaN', '{"weight":NaN}', '{"weight":Infinity}',
  'undefined', '\ufeff{}', '{"a":1}{"b":2}', '{"__proto__":{"polluted":true}}', '{"constructor":{"prototype":{"polluted":true}}}',
  '"string"', '123', 'true', '[]', '[{}]', '{"a":"\\ud800"}', '{"a":"\\u0000"}', '{"a": 1e999}', 'a=1&b=2', '<xml/>', '\u0000\u0001\u0002',
  '['.repeat(200_000), '{"a":'.repeat(100_000), `${'['.repeat(100_000)}${']'.repeat(100_000)}`,
];

const CONTENT_TYPES = [
  null, 'application/json', 'application/json; charset=utf-8', 'APPLICATION/JSON', 'application/problem+json', 'text/plain', 'text/json',
  'application/x-www-form-urlencoded', 'multipart/form-data; boundary=xyz', 'application/xml', '', ';', 'application/json;;charset', '*/*',
];

function malformedText(base: string): fc.Arbitrary<string> {
  return fc.oneof(
    fc.nat().map((n) => base.slice(0, n % Math.max(1, base.length))),
    fc.tuple(fc.nat(), fc.string({ minLength: 1, maxLength: 3 })).map(([n, s]) => `${base.slice(0, n % (base.length + 1))}${s}${base.slice(n % (base.length + 1))}`),
    fc.nat().map((n) => `${base.slice(0, n % Math.max(1, base.length))}${base.slice((n % Math.max(1, base.length)) + 1)}`),
    fc.string(),
    fc.string({ unit: 'binary' }),
    fc.constantFrom(...MALFORMED),
  );
}

/** Malformed JSON text, wrong or missing content types, empty bodies. */
export function malformedRequests(fx: FuzzFixtures): fc.Arbitrary<RawRequest> {
  return fc.record({ target, pick: fc.nat() }).chain(({ target: t, pick }) => {
    const shaped = validFor(t, pick, fx);
    const base = shaped.body === undefined ? '{}' : toJsonText(shaped.body);
    return fc
      .record({ text: malformedText(base), contentType: fc.oneof(fc.constantFrom(...CONTENT_TYPES), printable(40)), omitBody: fc.boolean() })
      .map(({ text, contentType, omitBody }) => fromShaped(t, fx, { ...shaped, body: undefined, contentType, ...(omitBody && text === '' ? {} : { text }) }));
  });
}

const UNKNOWN_PATHS = ['/', '/v1', '/v1/', '/v2/shipment', '/v1/shipments/extra', '/v1/SHIPMENT', '//v1//shipment', '/auth', '/auth/connect/token/', '/v1/authorize/token/x', '/_sandbox/faults', '/favicon.ico', '/v1/{id}', '/{id}'];
const TEMPLATES = [...new Set(OPERATION_IDS.map((id) => operations[id].path as string)), tokenEndpoints.bearerToken.path, ...UNKNOWN_PATHS];

/** Any method on any path (known or not) with odd ids in it, encoded or raw. */
export function pathRequests(fx: FuzzFixtures): fc.Arbitrary<RawRequest> {
  return fc
    .record({
      template: fc.constantFrom(...TEMPLATES, `${fx.authPath}${tokenEndpoints.oauthToken.path}`),
      method: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'),
      id: idArbitrary(fx),
      raw: fc.boolean(),
      pick: fc.nat(),
    })
    .map(({ template, method, id, raw, pick }) => {
      const path = template.replace('{id}', pathSegment(id, raw));
      const reached = targetOf(method, path, fx.authPath);
      const body = reached === undefined ? undefined : validFor(reached, pick, fx).body;
      const request = reached === undefined ? build('createShipment', fx, {}) : build(reached, fx, { body });
      return { ...request, method, path };
    });
}

const QUERY_NAMES = ['Page', 'Limit', 'Query', 'Sort', 'Order', 'page', 'LIMIT', 'sort', 'order', 'query', 'Page ', '', '__proto__', 'constructor'];
const QUERY_VALUES = ['0', '-1', '1.5', '1e2', '0x10', 'NaN', 'Infinity', '', ' 1', '1 ', '01', '99999999999999999999999', '١', 'DESC', 'asc', 'Desc', '__proto__', 'constructor', 'toString', 'x'.repeat(3_000), ...LOCATION_SORT_FIELDS];
const QUERY_JUNK = ['&%zz=%', '&Page', '&=&=', '&Limit=1&Limit=abc', '&&&', '&Page=%00', '&Query=%ED%A0%80', '#fragment', '&Sort=locationName&Sort=bogus'];

/** Get Locations with random query strings (and the odd raw fragment tacked on). */
export function queryRequests(fx: FuzzFixtures): fc.Arbitrary<RawRequest> {
  const value = fc.oneof(fc.integer({ min: -5, max: 200 }).map(String), fc.constantFrom(...QUERY_VALUES), fc.string({ maxLength: 20 }), fc.string({ unit: 'grapheme', maxLength: 10 }));
  const name = fc.oneof(fc.constantFrom(...QUERY_NAMES), fc.string({ maxLength: 8 }));
  return fc
    .record({ pairs: fc.array(fc.tuple(name, value), { maxLength: 8 }), junk: fc.option(fc.constantFrom(...QUERY_JUNK)) })
    .map(({ pairs, junk }) => {
      const request = build('getLocations', fx, {});
      return { ...request, path: `${request.path}?${new URLSearchParams(pairs).toString()}${junk ?? ''}` };
    });
}

function forgedJwt(): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'none', typ: 'JWT' })}.${part({ sub: 'intruder', exp: 4_102_444_800 })}.`;
}

/** Any operation with missing, wrong, read-only, forged, or valid-but-oddly-written credentials. */
export function authRequests(fx: FuzzFixtures): fc.Arbitrary<RawRequest> {
  const { apiKey, readOnlyApiKey } = fx.credentials;
  const apiKeys = fc.oneof(printable(60), fc.constantFrom(readOnlyApiKey, ` ${apiKey}`, `${apiKey} `, apiKey.toUpperCase(), '', apiKey));
  const authorizations = fc.oneof(
    printable(80),
    printable(80).map((s) => `Bearer ${s}`),
    fc.constantFrom(
      'Bearer', 'Bearer ', 'bearer', 'Basic dXNlcjpwYXNz', 'Bearer a.b.c', 'Bearer ..', 'Bearer x.y.', 'Token abc', `Bearer ${fx.oauthToken}`,
      `Bearer ${fx.bearerToken}`, `bearer   ${fx.bearerToken}`, `Bearer ${fx.bearerToken.slice(0, -2)}`, `Bearer ${forgedJwt()}`, `Bearer ${fx.oauthToken} extra`,
      `Bearer ${fx.bearerToken.split('.').slice(0, 2).join('.')}.${'A'.repeat(43)}`,
    ),
  );
  const headers = fc.oneof(
    fc.constant({ 'X-API-KEY': '' }),
    apiKeys.map((key) => ({ 'X-API-KEY': key })),
    authorizations.map((value) => ({ 'X-API-KEY': '', Authorization: value })),
    fc.tuple(apiKeys, authorizations).map(([key, value]) => ({ 'X-API-KEY': key, Authorization: value })),
  );
  return fc.record({ t: fc.constantFrom(...OPERATION_IDS), pick: fc.nat(), headers }).map(({ t, pick, headers: h }) => {
    const request = fromShaped(t, fx, validFor(t, pick, fx));
    const merged: Record<string, string> = { ...request.headers, ...h };
    // An empty X-API-KEY header stands for "not sent".
    if (merged['X-API-KEY'] === '') delete merged['X-API-KEY'];
    return { ...request, headers: merged };
  });
}

/** The OAuth token endpoint with random forms, and the bearer endpoint with random credentials. */
export function tokenRequests(fx: FuzzFixtures): fc.Arbitrary<RawRequest> {
  const { clientId, clientSecret } = fx.credentials;
  const name = fc.oneof(fc.constantFrom('grant_type', 'client_id', 'client_secret', 'scope', 'GRANT_TYPE', ''), fc.string({ maxLength: 10 }));
  const value = fc.oneof(fc.constantFrom('client_credentials', 'password', 'authorization_code', clientId, clientSecret, '', 'x'.repeat(5_000)), fc.string({ maxLength: 20 }));
  const form = fc.record({ pairs: fc.array(fc.tuple(name, value), { maxLength: 6 }), junk: fc.constantFrom('', '&', '&&=&', '%zz', '&grant_type', '&client_id=%ED%A0%80') });
  const oauth = fc
    .record({ form, contentType: fc.oneof(fc.constant('application/x-www-form-urlencoded'), fc.constantFrom(...CONTENT_TYPES)) })
    .map(({ form: { pairs, junk }, contentType }) => build('oauthToken', fx, { text: `${new URLSearchParams(pairs).toString()}${junk}`, contentType }));
  const bearer = fc
    .record({ clientId: fc.oneof(fc.constant(clientId), nastyValue), clientSecret: fc.oneof(fc.constant(clientSecret), nastyValue), contentType: fc.constantFrom(...CONTENT_TYPES) })
    .map(({ clientId: id, clientSecret: secret, contentType }) => build('bearerToken', fx, { body: { clientId: id, clientSecret: secret }, contentType }));
  return fc.oneof(oauth, bearer);
}

/** The request in a few lines, long bodies and paths cut short. */
export function describeRequest(request: RawRequest): string {
  const headers = Object.entries(request.headers ?? {})
    .map(([name, value]) => `${name}: ${value.slice(0, 80)}`)
    .join(' | ');
  const body = request.body === undefined ? '(no body)' : `${request.body.slice(0, 400)}${request.body.length > 400 ? ` … (${request.body.length} chars)` : ''}`;
  const path = `${request.path.slice(0, 300)}${request.path.length > 300 ? ` … (${request.path.length} chars)` : ''}`;
  return `${request.method} ${path}\n  headers: ${headers}\n  body: ${body}`;
}

/** Requests that fast-check reports in that short form rather than in full (bodies reach 500 kB). */
export function described(requests: fc.Arbitrary<RawRequest>): fc.Arbitrary<RawRequest> {
  return requests.map((request) => Object.assign({ ...request }, { [fc.toStringMethod]: () => describeRequest(request) }));
}

const DAY_MS = 86_400_000;
const EDGE_DATES = [
  '9999-12-31T23:59:59Z', '9999-12-31T00:00:00+14:00', '9999-12-25T12:00:00-12:00', '0000-01-01T00:00:00Z', '0001-01-01T00:00:00Z',
  '1969-12-31T23:59:59Z', '1970-01-01T00:00:00Z', '2038-01-19T03:14:08Z', '2026-02-29T10:00:00Z', '2028-02-29T10:00:00Z',
];

/** Rate Shop, Create Shipment and Apply Business Rule with ship dates from year 1 to 9999, in any offset. */
export function shipDateRequests(fx: FuzzFixtures): fc.Arbitrary<RawRequest> {
  const offset = fc.constantFrom('Z', '+00:00', '+14:00', '-12:00', '+05:30', '-03:30');
  const near = fc.tuple(fc.integer({ min: -40 * DAY_MS, max: 40 * DAY_MS }), offset).map(([delta, zone]) => `${new Date(Date.now() + delta).toISOString().slice(0, 19)}${zone}`);
  const anywhen = fc.date({ min: new Date('0001-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59Z'), noInvalidDate: true }).map((date) => date.toISOString());
  const shipDate = fc.oneof(near, anywhen, fc.constantFrom(...EDGE_DATES));
  return fc
    .record({ t: fc.constantFrom<Target>('rateShop', 'createShipment', 'applyRule'), pick: fc.nat(), shipDate })
    .map(({ t, pick, shipDate: date }) => {
      const body = validFor(t, pick, fx).body as Record<string, unknown>;
      return build(t, fx, { body: { ...body, shipDate: date } });
    });
}

const anyNumber = fc.oneof(
  fc.double(),
  fc.double({ min: 0, max: 200, noNaN: true }),
  fc.integer({ min: -10, max: 100_000 }),
  fc.constantFrom(0, -0, 1e-9, 5e-324, 0.5, 150, 150.0001, 2_000, 20_000, 20_001, 1e15, Number.MAX_SAFE_INTEGER, 1.7976931348623157e308),
);

/** Rate Shop and Create Shipment with every package number (and count, declared value) random. */
export function packageNumberRequests(fx: FuzzFixtures): fc.Arbitrary<RawRequest> {
  const numbers = fc.record({ weight: anyNumber, length: anyNumber, width: anyNumber, height: anyNumber, declaredValue: anyNumber, count: anyNumber });
  return fc
    .record({
      t: fc.constantFrom<Target>('rateShop', 'createShipment', 'applyRule'),
      pick: fc.nat(),
      packages: fc.array(fc.tuple(numbers, fc.constantFrom('Box', 'Pallet', 'Skid', 'Envelope'), fc.option(fc.constantFrom('50', '70', '92.5', '500', '1000', 'x'))), { minLength: 1, maxLength: 4 }),
      unitOfWeight: fc.option(fc.constantFrom('LB', 'KG', 'kgs', 'OZ')),
      unitOfLength: fc.option(fc.constantFrom('IN', 'CM', 'mm')),
    })
    .map(({ t, pick, packages, unitOfWeight, unitOfLength }) => {
      const base = validFor(t, pick, fx).body as Record<string, unknown>;
      const body = {
        ...base,
        packages: packages.map(([n, type, freightClass]) => ({ ...n, ...(t === 'rateShop' ? {} : { count: undefined }), type, ...(freightClass === null ? {} : { freightClass }) })),
        ...(unitOfWeight === null ? {} : { unitOfWeight }),
        ...(unitOfLength === null ? {} : { unitOfLength }),
      };
      return build(t, fx, { body });
    });
}
