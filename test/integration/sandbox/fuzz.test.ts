/**
 * Fuzzing the sandbox over HTTP: over ten thousand random or malformed requests to all 16
 * operations and both token endpoints. Whatever is sent, the sandbox never answers 5xx, a
 * failure is always the error envelope with a code and a message in every item, and a
 * success always reads with the operation's contract schema. Set FUZZ_SEED to replay a run.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { LIMITS, LOCATION_SORT_FIELDS, SEARCH_COLUMNS, type RateShopRequest, type ShipmentCreate } from '../../../electron/service/contract';
import { useSandbox } from '../../support/sandboxHarness';
import { RawHttpClient, type RawAnswer, type RawRequest } from '../../support/rawHttp';
import { ALL_TARGETS, AnswerTally, answerProblem, targetOf } from '../../support/serviceAnswers';
import {
  authRequests,
  build,
  described,
  describeRequest,
  malformedRequests,
  mutatedRequests,
  packageNumberRequests,
  pathRequests,
  queryRequests,
  randomJsonRequests,
  shipDateRequests,
  tokenRequests,
  type FuzzFixtures,
} from '../../support/fuzzRequests';
import { CHICAGO, SAN_FRANCISCO, TORONTO, internationalShipment, location, rateRequest, shipment } from '../../support/shipments';

/** Requests sent at once: the sandbox sees a burst of concurrent clients, as a busy station makes. */
const BATCH = 20;
/**
 * Every test sends a fixed number of requests, however long they take: seconds here, minutes on
 * a busy machine (some bodies are 20 MB). The limit only catches a hang.
 */
const FUZZ_TIMEOUT_MS = 10 * 60_000;
const seed = process.env.FUZZ_SEED === undefined ? {} : { seed: Number(process.env.FUZZ_SEED) };

// Guessed credentials are part of the mix: the per-address lock would answer most of the run 429.
const { client, sandbox } = useSandbox({ requestsPerMinute: 10_000_000, failedAuthPerMinute: 10_000_000 });
const tally = new AnswerTally();
let http: RawHttpClient;
let fx: FuzzFixtures;

/** Sends one request and returns what is wrong with the answer, if anything. */
async function sendAndCheck(request: RawRequest): Promise<{ answer: RawAnswer | undefined; problem: string | undefined }> {
  const target = targetOf(request.method, request.path, fx.authPath);
  let answer: RawAnswer;
  try {
    answer = await http.send(request);
  } catch (error) {
    // A body over the limit is refused before it is read, and the connection closed: the
    // client may see the close before the 400 that preceded it.
    if (Buffer.byteLength(request.body ?? '') > LIMITS.maxBodyBytes) {
      tally.record(target, 'connection closed');
      return { answer: undefined, problem: undefined };
    }
    return { answer: undefined, problem: `${describeRequest(request)}\n→ the connection failed: ${(error as Error).message}` };
  }
  tally.record(target, answer.status);
  const problem = answerProblem(target, answer);
  return { answer, problem: problem === undefined ? undefined : `${describeRequest(request)}\n→ ${answer.status} ${answer.text.slice(0, 600)}\n✗ ${problem}` };
}

/** Sends a batch at once; fails with every broken answer of the batch. */
async function sendBatch(requests: readonly RawRequest[]): Promise<void> {
  const results = await Promise.all(requests.map(sendAndCheck));
  const problems = results.flatMap((r) => (r.problem === undefined ? [] : [r.problem]));
  if (problems.length > 0) throw new Error(problems.join('\n\n'));
}

async function fuzz(requests: fc.Arbitrary<RawRequest>, runs: number): Promise<void> {
  await fc.assert(
    fc.asyncProperty(fc.array(described(requests), { minLength: BATCH, maxLength: BATCH }), (batch) => sendBatch(batch)),
    { numRuns: runs, ...seed },
  );
}

async function makeFixtures(): Promise<FuzzFixtures> {
  const bodies = [shipment(), internationalShipment(), shipment({ shipmentInfo: { shipMethod: 'Ground', carrier: 'FedEx' } }), shipment({ shipmentInfo: { shipMethod: 'Ground', carrier: 'USPS' } })];
  const shipments = await Promise.all(bodies.map((body) => client.call('createShipment', { body })));
  const locations = await Promise.all(['WH-A', 'WH-B'].map((ref) => client.call('createLocation', { body: location(ref) })));
  const { credentials } = sandbox();
  const oauth = await client.oauthToken({ grant_type: 'client_credentials', client_id: credentials.clientId, client_secret: credentials.clientSecret });
  const bearer = await client.send('POST', `${sandbox().baseUrl}/v1/authorize/token`, { body: { clientId: credentials.clientId, clientSecret: credentials.clientSecret }, auth: 'none' });
  for (const answer of [...shipments, ...locations, oauth, bearer]) expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return {
    shipmentIds: shipments.map((a) => String(a.json.id)),
    trackingNumbers: shipments.map((a) => String(a.json.trackingNumber)),
    locationIds: locations.map((a) => String(a.json.id)),
    oauthToken: String(oauth.json.access_token),
    bearerToken: String(bearer.json.token),
    credentials,
    authPath: new URL(sandbox().authUrl).pathname,
  };
}

beforeAll(async () => {
  http = new RawHttpClient(sandbox().baseUrl, BATCH);
  fx = await makeFixtures();
});

afterAll(() => {
  http.close();
  console.log(`sandbox fuzz (${BATCH} requests at a time)\n${tally.report()}`);
});

/** Sends valid requests built from random values; every one must succeed. */
async function mustSucceed<T>(values: fc.Arbitrary<T>, toRequest: (value: T) => RawRequest, runs: number): Promise<void> {
  await fc.assert(
    fc.asyncProperty(fc.array(values, { minLength: 5, maxLength: 5 }), async (batch) => {
      const requests = batch.map(toRequest);
      const results = await Promise.all(requests.map(sendAndCheck));
      const failures = results.flatMap(({ answer, problem }, i) => {
        if (problem !== undefined) return [problem];
        if (answer === undefined || answer.status !== 200) return [`${describeRequest(requests[i] ?? build('getLocations', fx, {}))}\n→ ${answer?.status ?? 'no answer'} ${answer?.text.slice(0, 600) ?? ''}`];
        return [];
      });
      if (failures.length > 0) throw new Error(failures.join('\n\n'));
    }),
    { numRuns: runs, ...seed },
  );
}

const US_DESTINATIONS = [
  SAN_FRANCISCO,
  { address1: '350 5th Ave', city: 'New York', stateProvince: 'NY', zipPostalCode: '10001', country: 'US', companyName: 'Empire Goods' },
  { address1: '12 Court St', city: 'Brooklyn', stateProvince: 'NY', zipPostalCode: '11201', country: 'US' },
  { address1: '55 Trinity Ave SW', city: 'Atlanta', stateProvince: 'GA', zipPostalCode: '30303', country: 'US', companyName: 'Peach Supply' },
  { address1: '1301 2nd Ave', city: 'Seattle', stateProvince: 'WA', zipPostalCode: '98101', country: 'US' },
  { address1: '200 Congress Ave', city: 'Austin', stateProvince: 'TX', zipPostalCode: '78701', country: 'US', companyName: 'Lone Star Co' },
];

const parcel = fc.record({
  weight: fc.double({ min: 0.1, max: 60, noNaN: true }).map((w) => Math.round(w * 100) / 100),
  length: fc.integer({ min: 1, max: 20 }),
  width: fc.integer({ min: 1, max: 20 }),
  height: fc.integer({ min: 1, max: 20 }),
});

describe('valid requests with random values', () => {
  it('creates a shipment for any parcel carrier, destination, package set, unicode name and extra field', async () => {
    const values = fc.record({
      shipTo: fc.constantFrom(...US_DESTINATIONS),
      carrier: fc.constantFrom('UPS', 'FedEx', 'USPS'),
      packages: fc.array(parcel, { minLength: 1, maxLength: 4 }),
      contactName: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 }),
      orderNumber: fc.stringMatching(/^[A-Z0-9-]{1,20}$/),
      extra: fc.jsonValue({ maxDepth: 2 }),
    });
    await mustSucceed(
      values,
      ({ shipTo, carrier, packages, contactName, orderNumber, extra }) => {
        const body: ShipmentCreate & { extraField: unknown } = {
          ...shipment({ shipTo: { ...shipTo, contactName }, shipmentInfo: { shipMethod: 'Ground', carrier }, packages, references: { orderNumber } }),
          extraField: extra,
        };
        return build('createShipment', fx, { body });
      },
      8,
    );
  }, FUZZ_TIMEOUT_MS);

  it('rate-shops any parcel set between real US and Canadian addresses', async () => {
    const values = fc.record({ shipTo: fc.constantFrom(...US_DESTINATIONS, CHICAGO), packages: fc.array(parcel, { minLength: 1, maxLength: 5 }), fromToronto: fc.boolean() });
    await mustSucceed(
      values,
      ({ shipTo, packages, fromToronto }) => {
        const body: RateShopRequest = { shipDate: new Date().toISOString(), shipFrom: fromToronto ? TORONTO : CHICAGO, shipTo: fromToronto ? { ...TORONTO, address1: '1 Yonge St' } : shipTo, packages };
        return build('rateShop', fx, { body });
      },
      8,
    );
  }, FUZZ_TIMEOUT_MS);

  it('searches shipments with any page, page size, search term and ordering', async () => {
    const values = fc.record({
      pageNumber: fc.integer({ min: 1, max: 5 }),
      pageSize: fc.integer({ min: 1, max: LIMITS.maxPageSize }),
      searchTerm: fc.string({ maxLength: 20 }),
      orderdBy: fc.array(fc.record({ column: fc.constantFrom(...SEARCH_COLUMNS), direction: fc.constantFrom('ASC' as const, 'DESC' as const, 'asc' as const, 'desc' as const) }), { maxLength: 2 }),
    });
    await mustSucceed(values, (body) => build('searchShipments', fx, { body }), 8);
  }, FUZZ_TIMEOUT_MS);

  it('lists locations with any page, limit, sort field, order and search text', async () => {
    const values = fc.record({
      Page: fc.integer({ min: 1, max: 5 }).map(String),
      Limit: fc.integer({ min: 1, max: LIMITS.maxPageSize }).map(String),
      Sort: fc.constantFrom(...LOCATION_SORT_FIELDS),
      Order: fc.constantFrom('ASC', 'DESC', 'asc', 'desc'),
      Query: fc.string({ maxLength: 15 }),
    });
    await mustSucceed(values, (query) => build('getLocations', fx, { query }), 8);
  }, FUZZ_TIMEOUT_MS);

  it('validates real addresses with any contact and company name', async () => {
    const values = fc.record({ address: fc.constantFrom(CHICAGO, SAN_FRANCISCO, TORONTO, ...US_DESTINATIONS), contactName: fc.string({ unit: 'grapheme', maxLength: 30 }), companyName: fc.string({ maxLength: 30 }) });
    await mustSucceed(values, ({ address, contactName, companyName }) => build('validateAddress', fx, { body: { address: { ...address, contactName, companyName } } }), 8);
  }, FUZZ_TIMEOUT_MS);
});

/** Sends one request that must get an answer keeping the service's promises. */
async function expectKeptPromises(request: RawRequest): Promise<RawAnswer | undefined> {
  const { answer, problem } = await sendAndCheck(request);
  expect(problem).toBeUndefined();
  return answer;
}

const nestedDeep = (depth: number): string => `${'{"n":'.repeat(depth)}0${'}'.repeat(depth)}`;
/** A valid JSON body with one extra field holding a value nested `depth` levels deep. */
const withDeepField = (body: unknown, depth: number): string => JSON.stringify(body).replace(/}$/, `,"extra":${nestedDeep(depth)}}`);

describe('edge cases the fuzzing found, replayed every run', () => {
  it.each([
    ['createShipment', () => shipment()],
    ['createLocation', () => location('WH-DEEP')],
    ['updateLocation', () => ({ locationName: 'Deep DC' })],
  ] as const)('%s answers a valid body with an extra field nested 5,000 levels deep without a 5xx', async (target, body) => {
    await expectKeptPromises(build(target, fx, { id: fx.locationIds[0] ?? 'none', text: withDeepField(body(), 5_000) }));
  });

  it('answers Rate Shop for a ship date at the very end of year 9999 with a contract date-time or an error', async () => {
    await expectKeptPromises(build('rateShop', fx, { body: { ...rateRequest(), shipDate: '9999-12-31T23:59:59Z' } }));
  });

  it('answers a request line longer than 16 KB with the error envelope', async () => {
    await expectKeptPromises(build('getLocations', fx, { query: { Page: '1', Limit: '10', Query: 'x'.repeat(17_000) } }));
  });
});

describe('random and malformed requests', () => {
  it('answers random JSON bodies (and queries) on every operation', async () => {
    await fuzz(randomJsonRequests(fx), 100);
  }, FUZZ_TIMEOUT_MS);

  it('answers valid bodies with fields dropped, retyped, replaced with absurd values or polluted keys', async () => {
    await fuzz(mutatedRequests(fx), 200);
  }, FUZZ_TIMEOUT_MS);

  it('answers malformed JSON text, wrong or missing content types and empty bodies', async () => {
    await fuzz(malformedRequests(fx), 60);
  }, FUZZ_TIMEOUT_MS);

  it('answers any method on any path, with ids holding %, .., slashes, unicode and 5,000 characters', async () => {
    await fuzz(pathRequests(fx), 50);
  }, FUZZ_TIMEOUT_MS);

  it('answers Get Locations with random query strings', async () => {
    await fuzz(queryRequests(fx), 50);
  }, FUZZ_TIMEOUT_MS);

  it('answers missing, wrong, read-only, forged and oddly written credentials', async () => {
    await fuzz(authRequests(fx), 25);
  }, FUZZ_TIMEOUT_MS);

  it('answers the token endpoints with random forms and credentials', async () => {
    await fuzz(tokenRequests(fx), 25);
  }, FUZZ_TIMEOUT_MS);

  it('answers Rate Shop, Create Shipment and Apply Business Rule with ship dates from year 1 to 9999', async () => {
    await fuzz(shipDateRequests(fx), 25);
  }, FUZZ_TIMEOUT_MS);

  it('answers Rate Shop, Create Shipment and Apply Business Rule with any package weights, sizes, counts and units', async () => {
    await fuzz(packageNumberRequests(fx), 40);
  }, FUZZ_TIMEOUT_MS);

  it('sent over ten thousand requests, reaching every operation and both token endpoints, and no 5xx', () => {
    expect(tally.total).toBeGreaterThanOrEqual(10_000);
    for (const target of ALL_TARGETS) expect(tally.countFor(target), target).toBeGreaterThanOrEqual(50);
    expect(tally.countOfStatus((status) => status.startsWith('5'))).toBe(0);
    expect(tally.countOfStatus((status) => status.startsWith('2'))).toBeGreaterThan(100);
    expect(tally.countOfStatus((status) => status.startsWith('4'))).toBeGreaterThan(5_000);
  });
});
