/**
 * One credential's limit shared by three desks through a real PostgreSQL, each desk's service
 * client sending real requests to a sandbox that enforces the limit itself. Time is scaled down:
 * the sandbox's clock runs 30 times fast, so its 60-second window is 2 real seconds, and the
 * shared budget's window is 2 seconds too; 20 requests a window stand for a tier.
 */
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../../electron/sandbox/sandbox';
import { operations } from '../../../electron/service/contract';
import { ServiceClient } from '../../../electron/service/client/client';
import type { RequestLogEntry } from '../../../electron/service/client/log';
import { SharedBudget, budgetCredentialKey, type BudgetMode, type Warehouse } from '../../../electron/warehouse';
import { RequestBudget } from '../../../electron/station/requestBudget';
import { startWarehouseServer, type WarehouseServer } from '../../support/warehouseServer';
import { VirtualClock } from '../../support/virtualClock';
import { rateRequest, shipment } from '../../support/shipments';

const SCALE = 30;
const WINDOW_MS = 60_000 / SCALE;
const LIMIT = 20;

let server: WarehouseServer;
let sandbox: RunningSandbox;
const arrivals: { path: string; status: number; at: number; requestId: string }[] = [];
let desks: Warehouse[] = [];

beforeAll(async () => {
  server = await startWarehouseServer();
  const start = Date.now();
  sandbox = await startSandbox({
    requestsPerMinute: LIMIT,
    clock: () => new Date(start + (Date.now() - start) * SCALE),
    // Logged when answered; `ms` later than it arrived.
    onRequest: (entry) => arrivals.push({ path: entry.path, status: entry.status, at: Date.now() - entry.ms, requestId: entry.requestId }),
  });
  desks = await server.openDesks(3);
}, 120_000);

afterAll(async () => {
  await sandbox?.close();
  await server?.stop();
});

interface Desk {
  readonly budget: SharedBudget;
  readonly client: ServiceClient;
  readonly modes: BudgetMode[];
  /** Every HTTP exchange the desk's client tried, as its log saw it (a retry is one more). */
  readonly tries: RequestLogEntry[];
}

/** The three desks on the sandbox's API key, once the window holds nothing from an earlier test. */
async function desksOnOneCredential(): Promise<Desk[]> {
  await new Promise((resolve) => setTimeout(resolve, WINDOW_MS + 100));
  const credential = budgetCredentialKey(sandbox.baseUrl, sandbox.credentials.apiKey);
  return Promise.all(
    desks.map(async (warehouse) => {
      const modes: BudgetMode[] = [];
      const tries: RequestLogEntry[] = [];
      const budget = await new SharedBudget({
        db: warehouse.db,
        deskId: warehouse.desk.id,
        credential,
        limit: LIMIT,
        windowMs: WINDOW_MS,
        notifications: warehouse.listener,
        onModeChange: (mode) => modes.push(mode),
      }).open();
      const client = new ServiceClient({ baseUrl: sandbox.baseUrl, authUrl: sandbox.authUrl, auth: { method: 'apiKey', apiKey: sandbox.credentials.apiKey }, requestsPerMinute: LIMIT, limiter: budget, logger: { request: (entry) => tries.push(entry), warn: () => undefined } });
      return { budget, client, modes, tries };
    }),
  );
}

async function closeAll(group: readonly Desk[]): Promise<void> {
  await Promise.all(group.map(async (d) => {
    await d.budget.close();
    d.client.close();
  }));
}

/** Keeps `inFlight` requests going until `until`, and counts those that succeeded. */
async function keepBusy(send: () => Promise<unknown>, inFlight: number, until: number): Promise<number> {
  let done = 0;
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (Date.now() < until) {
        await send();
        done += 1;
      }
    }),
  );
  return done;
}

describe('one credential\'s limit shared by three desks', () => {
  it('keeps them all under the limit the service enforces (no 429) and shares it evenly while all have work', async () => {
    const group = await desksOnOneCredential();
    const from = arrivals.length;
    const until = Date.now() + 3 * WINDOW_MS;
    const counts = await Promise.all(group.map((d) => keepBusy(() => d.client.rateShop(rateRequest()), 4, until)));
    await closeAll(group);
    const answers = arrivals.slice(from);
    expect(answers.filter((a) => a.status === 429)).toEqual([]);
    expect(answers.every((a) => a.status === 200)).toBe(true);
    // Every answer went to a request a desk's client sent (by its X-Request-Id), and every call a
    // desk counted had one answer its client read. The service may answer more only where a client
    // tried again after an exchange it saw fail (a cut connection, a timeout); loaded machines have
    // shown 13 answers against 12 counted calls, and the failed tries say why.
    const tries = group.flatMap((d) => d.tries);
    const sent = new Set(tries.map((t) => t.requestId));
    expect(answers.filter((a) => !sent.has(a.requestId))).toEqual([]);
    const read = tries.filter((t) => t.status === 200);
    expect(read.length).toBe(counts.reduce((a, b) => a + b, 0));
    const failed = tries.filter((t) => typeof t.status !== 'number');
    expect(answers.length - read.length, `answers beyond those read; failed tries: ${JSON.stringify(failed)}`).toBeLessThanOrEqual(failed.length);
    expect(answers.length).toBeGreaterThanOrEqual(read.length);
    // Every desk had work all along: each had about a third.
    const mean = answers.length / 3;
    for (const count of counts) expect(Math.abs(count - mean)).toBeLessThanOrEqual(Math.max(3, mean * 0.1));
    // Shared throughout; a change of mode is shown with its words (a local share says why).
    expect(group.map((d) => [...d.modes.map((m) => m.words), d.budget.mode.kind])).toEqual(group.map(() => ['shared']));
  }, 60_000);

  it('serves a desk\'s label purchases before another desk\'s backlog of pulls, even when that desk had fewer requests', async () => {
    const group = await desksOnOneCredential();
    const [pulling, buying] = group;
    if (pulling === undefined || buying === undefined) throw new Error('two desks needed');
    const from = arrivals.length;
    const pull = (desk: Desk) => desk.client.searchShipments({ pageNumber: 1, pageSize: 1 });
    // The window fills: 15 requests from the buying desk, 5 from the pulling one, so fairness
    // alone would now favour the pulling desk.
    await Promise.all([...Array.from({ length: 15 }, () => pull(buying)), ...Array.from({ length: 5 }, () => pull(pulling))]);
    const backlog = Array.from({ length: 40 }, () => pull(pulling));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const askedAt = Date.now();
    const creates = Array.from({ length: 5 }, () => buying.client.createShipment(shipment()));
    await Promise.all([...backlog, ...creates]);
    await closeAll(group);
    const backlogArrivals = arrivals.slice(from + 20).sort((a, b) => a.at - b.at);
    // Slots that freed before any purchase was asked went to the backlog, as they should: on a busy
    // machine the window's first requests age out early. Fairness alone would give the pulling desk
    // 10 slots in all to catch up with the buying desk's 15, so it would still have the next
    // `owed` after the purchases were asked; priority gives them to the purchases.
    const pulledBefore = backlogArrivals.filter((a) => a.at < askedAt).length;
    const owed = 10 - pulledBefore;
    expect(owed, 'slots the pulling desk would still be owed when the purchases were asked').toBeGreaterThanOrEqual(6);
    const order = backlogArrivals.filter((a) => a.at >= askedAt).map((a) => (a.path === operations.createShipment.path ? 'buy' : 'pull'));
    // The purchases take the slots as they free up (a pull goes between them only when more slots
    // freed at once than purchases were waiting, or when a purchase was not asked for yet; and the
    // sandbox sees arrivals, not grants: a pull granted just before a purchase was asked, or just
    // after one was granted, can reach it first, once seen with two pulls ahead of the first
    // purchase in a loaded run). Fairness alone would put `owed` pulls before the first purchase.
    expect(order.indexOf('buy')).toBeLessThanOrEqual(3);
    const pullsBeforeLastBuy = order.slice(0, order.lastIndexOf('buy')).filter((kind) => kind === 'pull').length;
    expect(pullsBeforeLastBuy).toBeLessThan(owed);
    expect(arrivals.slice(from).filter((a) => a.status === 429)).toEqual([]);
  }, 60_000);

  it('makes every desk wait out one desk\'s 429 Retry-After', async () => {
    const group = await desksOnOneCredential();
    const [first, second] = group;
    if (first === undefined || second === undefined) throw new Error('two desks needed');
    sandbox.faults.set({ force429: 1, retryAfterSeconds: 1 });
    const refusedAt = Date.now();
    await first.client.rateShop(rateRequest());
    const refused = arrivals.findLast((a) => a.status === 429);
    expect(refused).toBeDefined();
    const secondSentFrom = arrivals.length;
    await second.client.rateShop(rateRequest());
    await closeAll(group);
    sandbox.faults.clear();
    const secondArrival = arrivals[secondSentFrom];
    // The other desk's request reached the service only after the Retry-After had passed.
    expect(secondArrival?.status).toBe(200);
    expect((secondArrival?.at ?? 0) - (refused?.at ?? refusedAt)).toBeGreaterThanOrEqual(1_000 - 5);
  }, 60_000);
});

describe('a desk that leaves the shared window', () => {
  const LEAVING_LIMIT = 12;
  const LEAVING_URL = 'https://leaving.example';
  const newIdentity = (): string => Math.random().toString(36);

  interface Gate {
    acquire(signal?: AbortSignal, operation?: string): Promise<{ settle(at: number): void }>;
  }

  /** Takes `n` slots one after the other, each answered at once. */
  async function take(gate: Gate, n: number, clock: VirtualClock): Promise<void> {
    for (let i = 0; i < n; i += 1) (await gate.acquire(undefined, 'rateShop')).settle(clock.now());
  }

  /** A fresh credential's shared budget at desk `deskIndex` (the first), on a virtual clock, with `used` of its 12 slots taken. */
  async function budgetWith(used: number, clock: VirtualClock, options: { probeMs?: number; identity?: string; deskIndex?: number } = {}): Promise<SharedBudget> {
    const warehouse = desks[options.deskIndex ?? 0]!;
    const budget = await new SharedBudget({
      db: warehouse.db,
      deskId: warehouse.desk.id,
      credential: budgetCredentialKey(LEAVING_URL, options.identity ?? newIdentity()),
      limit: LEAVING_LIMIT,
      timers: clock,
      ...(options.probeMs === undefined ? {} : { probeMs: options.probeMs }),
    }).open();
    await take(budget, used, clock);
    return budget;
  }

  /** The station's request budget for a profile on the credential `identity`, a warehouse set up; and the modes it went through. */
  function stationBudget(clock: VirtualClock, identity = newIdentity()): { requestBudget: RequestBudget; modes: string[] } {
    const modes: string[] = [];
    const requestBudget = new RequestBudget({
      baseUrl: LEAVING_URL,
      identity,
      limit: LEAVING_LIMIT,
      timers: clock,
      warehouseSetUp: true,
      onModeChange: (mode) => modes.push(mode.kind),
      log: () => undefined,
    });
    return { requestBudget, modes };
  }

  /** Another desk took 4 of a fresh credential's 12, then the station's budget, connected, took 6. */
  async function sharedWithAnotherDesk(clock: VirtualClock): Promise<{ requestBudget: RequestBudget; modes: string[]; other: SharedBudget }> {
    const identity = newIdentity();
    const other = await budgetWith(4, clock, { identity, deskIndex: 1 });
    const { requestBudget, modes } = stationBudget(clock, identity);
    await requestBudget.follow({ status: { state: 'connected', words: 'Connected' }, warehouse: desks[0]! });
    await take(requestBudget, 6, clock);
    return { requestBudget, modes, other };
  }

  /** Asks `gate` for `n` slots and counts those granted as the virtual clock moves. */
  function ask(gate: Gate, n: number): { granted: number[] } {
    const granted: number[] = [];
    for (let i = 0; i < n; i += 1) void gate.acquire(undefined, 'validateAddress').then(() => granted.push(i));
    return { granted };
  }

  /**
   * `now` of the asked slots are granted at once and no more until a window has passed, then `later`
   * in all. (Real time, not the virtual clock, may pass before the first: a shared budget's last
   * word to the database, that this desk has left the line, can still be on its way when the asks arrive.)
   */
  async function expectGranted(asked: { granted: number[] }, clock: VirtualClock, now: number, later: number): Promise<void> {
    await expect.poll(() => asked.granted.length, { timeout: 30_000 }).toBe(now);
    await clock.advance(59_000);
    expect(asked.granted).toHaveLength(now);
    await clock.advance(2_000);
    expect(asked.granted).toHaveLength(later);
  }

  /**
   * The desk's pool, except that the connection it hands out after `endNext()` has had its session
   * ended by the server first, as PostgreSQL ends one idle in a transaction too long (a desk that
   * stalled mid-request).
   */
  function poolEndingASession(pool: pg.Pool): { db: pg.Pool; endNext(): void; ended(): number } {
    let armed = false;
    let ended = 0;
    const connect = async (): Promise<pg.PoolClient> => {
      const client = await pool.connect();
      if (!armed) return client;
      armed = false;
      // The session's end also arrives as an error on the client, after the statement that asked for it.
      client.on('error', () => undefined);
      await client.query('SELECT pg_terminate_backend(pg_backend_pid())').catch(() => undefined);
      ended += 1;
      return client;
    };
    // Single statements (`pool.query`) take the pool's own connections, as before.
    const db = new Proxy(pool, {
      get: (target, key) => {
        if (key === 'connect') return connect;
        const value = Reflect.get(target, key) as unknown;
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
    return { db, endNext: () => (armed = true), ended: () => ended };
  }

  it('does not leave it for a session the server ended: it asks again on a new connection', async () => {
    const clock = new VirtualClock();
    const warehouse = desks[0]!;
    const pool = poolEndingASession(warehouse.db);
    const modes: BudgetMode[] = [];
    const budget = await new SharedBudget({ db: pool.db, deskId: warehouse.desk.id, credential: budgetCredentialKey(LEAVING_URL, newIdentity()), limit: LEAVING_LIMIT, timers: clock, onModeChange: (mode) => modes.push(mode) }).open();
    pool.endNext();
    await take(budget, 1, clock);
    expect(pool.ended()).toBe(1);
    // The other desks go on sharing: a local share beside them would overrun the credential.
    expect(modes).toEqual([]);
    expect(budget.granted).toEqual({ shared: 1, local: 0 });
    await budget.close();
  });

  const OFF = { status: { state: 'notConfigured', words: 'Warehouse mode is off' }, warehouse: undefined } as const;

  it('sends on its local share only the room the shared window had at its last look, the rest once that has aged out', async () => {
    const clock = new VirtualClock();
    // Kept local for the test: the database is in fact there, and its probe would find it.
    const budget = await budgetWith(10, clock, { probeMs: 3_600_000 });
    budget.databaseUnreachable('the link is down');
    expect(budget.mode).toMatchObject({ kind: 'local', perWindow: LEAVING_LIMIT / 2 });
    const asked = ask(budget, 6);
    // 10 of 12 were used: 2 fit now, not the whole share of 6 on top of a nearly full window.
    await expect.poll(() => asked.granted.length, { timeout: 30_000 }).toBe(2);
    expect(budget.waiting).toBe(4);
    await expectGranted(asked, clock, 2, 6);
    await budget.close();
  });

  it('hands what it last saw to the local share the station falls back to when the link goes down', async () => {
    const clock = new VirtualClock();
    const { requestBudget, modes } = stationBudget(clock);
    await requestBudget.follow({ status: { state: 'connected', words: 'Connected' }, warehouse: desks[0]! });
    expect(requestBudget.mode.kind).toBe('shared');
    await take(requestBudget, 10, clock);
    await requestBudget.follow({ status: { state: 'unreachable', words: 'Unreachable' }, warehouse: undefined });
    expect(modes).toEqual(['shared', 'local']);
    await expectGranted(ask(requestBudget, 6), clock, 2, 6);
    await requestBudget.close();
  });

  it("starts its own window, when the warehouse is turned off, with the whole shared window it last saw, the other desks' requests too", async () => {
    const clock = new VirtualClock();
    const { requestBudget, modes, other } = await sharedWithAnotherDesk(clock);
    await requestBudget.follow(OFF);
    expect(modes).toEqual(['shared', 'own']);
    // 10 of the credential's 12 went out in this window, 4 of them from the other desk: 2 fit now.
    await expectGranted(ask(requestBudget, 6), clock, 2, 6);
    // Told again that the warehouse is off: the window in use keeps what it counts (the 4 just
    // granted), so 8 more fit, not a fresh 12.
    await requestBudget.follow(OFF);
    const more = ask(requestBudget, 10);
    await expect.poll(() => more.granted.length, { timeout: 30_000 }).toBe(8);
    await clock.advance(0);
    expect(more.granted).toHaveLength(8);
    await requestBudget.close();
    await other.close();
  });

  it('starts its own window with the whole shared window it last saw, when the warehouse is turned off after the link went down', async () => {
    const clock = new VirtualClock();
    const { requestBudget, modes, other } = await sharedWithAnotherDesk(clock);
    await requestBudget.follow({ status: { state: 'unreachable', words: 'Unreachable' }, warehouse: undefined });
    // One more on the local share of 6 (10 of 12 used: it had room for 2).
    await take(requestBudget, 1, clock);
    await requestBudget.follow(OFF);
    expect(modes).toEqual(['shared', 'local', 'own']);
    // The 10 the shared window held and the 1 since: 1 fits now, not the local share's count alone.
    await expectGranted(ask(requestBudget, 6), clock, 1, 6);
    await requestBudget.close();
    await other.close();
  });

  it('starts its own window, when the warehouse is turned off while unreachable, with what it sent on its local share', async () => {
    const clock = new VirtualClock();
    const { requestBudget } = stationBudget(clock);
    expect(requestBudget.mode.kind).toBe('local');
    // Its local share is half the tier: all 6 used.
    await take(requestBudget, 6, clock);
    await requestBudget.follow(OFF);
    expect(requestBudget.mode.kind).toBe('own');
    await expectGranted(ask(requestBudget, 8), clock, 6, 8);
    await requestBudget.close();
  });
});
