/**
 * The Settings screen's test button against a real PostgreSQL: what it found, or what went wrong,
 * in words an admin can act on, and the password in none of them; and a desk opening the
 * warehouse with its connections already open, so its first scans wait for none; and a
 * transaction whose connection breaks.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WAREHOUSE_PASSWORD_SECRET, WAREHOUSE_SCHEMA_VERSION, WarehouseUnavailableError, checkWarehouseConnection, claimOrder, importOrders, openWarehouse, registerDesk, type ReceivedChange } from '../../../electron/warehouse';
import { primeClaims } from '../../../electron/warehouse/claims';
import { inTransaction, type Tx } from '../../../electron/warehouse/sql';
import { sampleOrders } from './samples';
import { freePort } from '../../support/privatePostgres';
import { startWarehouseServer, type WarehouseServer } from '../../support/warehouseServer';

const DESK = { id: 'D1', name: 'Desk 1' };
const WRONG = 'not-the-password-7f3a';
let server: WarehouseServer;

beforeAll(async () => {
  server = await startWarehouseServer();
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

const vaultWith = (password: string | undefined) => ({ get: (name: string) => Promise.resolve(name === WAREHOUSE_PASSWORD_SECRET ? password : undefined) });

describe('the connection check', () => {
  it('says what it reached: server version, role, encryption and schema', async () => {
    const check = await checkWarehouseConnection(server.settings('desk'), DESK, await server.vault('desk'));
    expect(check).toEqual({
      ok: true,
      words: expect.stringMatching(new RegExp(`^Connected to PostgreSQL \\d+\\.\\d+.* at 127\\.0\\.0\\.1:${server.postgres.port} as packbench_desk, not encrypted; warehouse schema ${WAREHOUSE_SCHEMA_VERSION}, up to date\\.$`)),
    });
  });

  it('names a refused password, a missing database, a server that does not answer and one without TLS, never showing the password', async () => {
    const settings = server.settings('desk');
    const wrongPassword = await checkWarehouseConnection(settings, DESK, vaultWith(WRONG));
    expect(wrongPassword).toEqual({ ok: false, words: `PostgreSQL at 127.0.0.1:${server.postgres.port} refused the password of role packbench_desk: set the password again in Settings → Warehouse.` });
    const noDatabase = await checkWarehouseConnection({ ...settings, database: 'nope' }, DESK, await server.vault('desk'));
    expect(noDatabase.words).toBe(`There is no database nope at 127.0.0.1:${server.postgres.port}: check the name, or run docs/warehouse-setup.sql there.`);
    const port = await freePort();
    const nobody = await checkWarehouseConnection({ ...settings, port }, DESK, await server.vault('desk'));
    expect(nobody.words).toBe(`Nothing answers at 127.0.0.1:${port}: is PostgreSQL running there and listening on the network (listen_addresses)?`);
    const noTls = await checkWarehouseConnection({ ...settings, tls: 'require' }, DESK, await server.vault('desk'));
    expect(noTls.words).toBe(`PostgreSQL at 127.0.0.1:${server.postgres.port} does not offer TLS: turn TLS on at the server, or choose "disable" on a trusted network.`);
    for (const check of [wrongPassword, noDatabase, nobody, noTls]) expect(check.words).not.toContain(server.roles.desk.password);

    const refused = await openWarehouse({ settings, desk: DESK, vault: vaultWith(WRONG) }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(Error);
    expect(JSON.stringify(refused, Object.getOwnPropertyNames(refused))).not.toContain(WRONG);
  });
});

describe('a desk opening the warehouse', () => {
  const sessions = async (desk: string) => {
    const found = await server.postgres.psql({ command: `SELECT count(*) FROM pg_stat_activity WHERE application_name = 'packbench desk ${desk}'` });
    return Number(found.trim());
  };

  it('opens its warm connections at once and keeps them open between scans', async () => {
    const warehouse = await openWarehouse({ settings: server.settings('desk'), desk: { id: 'W1', name: 'Warm desk' }, vault: await server.vault('desk'), pool: { max: 6, warm: 3 } });
    try {
      expect(warehouse.db.totalCount).toBe(3);
      expect(warehouse.db.idleCount).toBe(3);
      // The pool's three, and the listener's own connection.
      expect(await sessions('W1')).toBe(4);
    } finally {
      await warehouse.close();
    }
    const defaults = await openWarehouse({ settings: server.settings('desk'), desk: { id: 'W2', name: 'Default desk' }, vault: await server.vault('desk') });
    try {
      expect(defaults.db.totalCount).toBe(2);
    } finally {
      await defaults.close();
    }
  });

  it('readies each warm connection with a claim that is rolled back: no order, claim or notification is left of it', async () => {
    const watcher = await server.openDesk({ id: 'W3', name: 'Watching desk' });
    const heard: ReceivedChange[] = [];
    watcher.onChange((change) => heard.push(change));
    const count = async (table: string) => Number((await server.postgres.psql({ database: 'packbench', command: `SELECT count(*) FROM packbench.${table}` })).trim());
    const [ordersBefore, claimsBefore] = [await count('orders'), await count('claims')];
    const warehouse = await openWarehouse({ settings: server.settings('desk'), desk: { id: 'W4', name: 'Primed desk' }, vault: await server.vault('desk'), pool: { max: 6, warm: 3 } });
    try {
      expect([await count('orders'), await count('claims')]).toEqual([ordersBefore, claimsBefore]);
      // A real claim after it is heard at the other desk, and nothing of the priming before it.
      const [order] = await sampleOrders(1, 'PRIME-');
      if (order === undefined) throw new Error('no sample order');
      await importOrders(warehouse.db, 'W4', [order]);
      expect(await claimOrder(warehouse.db, 'W4', order.orderNumber)).toMatchObject({ kind: 'claimed' });
      await expect.poll(() => heard.some((c) => c.kind === 'orderClaimed' && c.orderNumber === order.orderNumber), { timeout: 20_000 }).toBe(true);
      expect(heard.filter((c) => c.kind === 'orderClaimed' && c.orderNumber !== order.orderNumber)).toEqual([]);
    } finally {
      await warehouse.close();
    }
  });

  it('primes a session by running claim_order through to its claim, written and rolled back', async () => {
    const inserted = async () =>
      Number((await server.postgres.psql({ database: 'packbench', command: `SELECT n_tup_ins FROM pg_stat_user_tables WHERE relid = 'packbench.claims'::regclass` })).trim());
    const pool = await server.pool('desk', { id: 'W5', name: 'Priming desk' });
    const client = await pool.connect();
    try {
      await registerDesk(pool, { id: 'W5', name: 'Priming desk' });
      const before = await inserted();
      await primeClaims(client, 'W5');
      // Statistics reach other sessions when this one is next idle, once told not to wait.
      await client.query('SELECT pg_stat_force_next_flush()');
      await expect.poll(inserted, { timeout: 20_000 }).toBe(before + 1);
      expect((await client.query(`SELECT count(*)::int AS n FROM packbench.claims WHERE desk_id = 'W5'`)).rows).toEqual([{ n: 0 }]);
    } finally {
      client.release();
      await pool.end();
    }
  });
});

describe('a transaction whose connection breaks', () => {
  /** How a try breaks: the server ends its session (as an administrator would), or ends it for idling in the transaction too long; or the statement gets no answer in time. */
  const BREAKS = {
    ended: async (tx: Tx) => {
      await tx.query('SELECT pg_terminate_backend(pg_backend_pid())');
    },
    idle: async (tx: Tx) => {
      // The server's own limit is 5 s; a desk that stalls as long mid-transaction meets it.
      await tx.query("SET LOCAL idle_in_transaction_session_timeout = '100ms'");
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await tx.query('SELECT 1');
    },
    silent: async (tx: Tx) => {
      await tx.query('SELECT pg_sleep(3)');
    },
  };

  /** Runs `inTransaction` on a desk's pool (a query timeout of 1 s); the first `breaks` tries break `how`. */
  async function transactionBreaking(breaks: number, how: keyof typeof BREAKS = 'ended'): Promise<{ outcome: PromiseSettledResult<number>; sessions: number[] }> {
    const warehouse = await openWarehouse({ settings: server.settings('desk'), desk: { id: 'E1', name: 'Breaking desk' }, vault: await server.vault('desk'), pool: { queryTimeoutMs: 1_000 } });
    const sessions: number[] = [];
    try {
      const [outcome] = await Promise.allSettled([
        inTransaction(warehouse.db, async (tx) => {
          const session = (await tx.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
          sessions.push(session);
          if (sessions.length <= breaks) await BREAKS[how](tx);
          return session;
        }),
      ]);
      return { outcome, sessions };
    } finally {
      await warehouse.close();
    }
  }

  function expectUnreachable(outcome: PromiseSettledResult<number>): void {
    expect(outcome.status).toBe('rejected');
    const reason = (outcome as PromiseRejectedResult).reason as WarehouseUnavailableError;
    expect(reason).toBeInstanceOf(WarehouseUnavailableError);
    expect(reason.message).toMatch(/^The warehouse database cannot be reached \(.+\)\.$/);
  }

  it.each(['ended', 'idle'] as const)('runs again once on another connection when the server ended its session (%s): nothing was committed, and the database is there', async (how) => {
    const { outcome, sessions } = await transactionBreaking(1, how);
    expect(sessions).toHaveLength(2);
    expect(sessions[1]).not.toBe(sessions[0]);
    expect(outcome).toEqual({ status: 'fulfilled', value: sessions[1] });
  });

  it('says the database cannot be reached when the next connection breaks too, and tries no third time', async () => {
    const { outcome, sessions } = await transactionBreaking(2);
    expect(sessions).toHaveLength(2);
    expectUnreachable(outcome);
  });

  it('does not wait a second time for a connection that went silent (the network is likely down)', async () => {
    const { outcome, sessions } = await transactionBreaking(1, 'silent');
    expect(sessions).toHaveLength(1);
    expectUnreachable(outcome);
    expect((outcome as PromiseRejectedResult).reason).toMatchObject({ reason: 'Query read timeout' });
  });
});
