/**
 * A desk whose warehouse database cannot be reached keeps sending on a conservative local share
 * of the credential's limit, says so, and still puts purchases first; on a virtual clock.
 */
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { SharedBudget, budgetCredentialKey, type BudgetMode } from '../../../electron/warehouse';
import { freePort } from '../../support/privatePostgres';
import { VirtualClock } from '../../support/virtualClock';

const opened: { budget: SharedBudget; pool: pg.Pool }[] = [];

afterEach(async () => {
  for (const { budget, pool } of opened.splice(0)) {
    await budget.close();
    await pool.end();
  }
});

async function unreachableBudget(clock: VirtualClock, modes: BudgetMode[]): Promise<SharedBudget> {
  const pool = new pg.Pool({ host: '127.0.0.1', port: await freePort(), user: 'nobody', database: 'none', connectionTimeoutMillis: 2_000 });
  pool.on('error', () => undefined);
  const budget = await new SharedBudget({ db: pool, deskId: 'D1', credential: budgetCredentialKey('https://api.example.com', 'key'), limit: 100, timers: clock, onModeChange: (m) => modes.push(m) }).open();
  opened.push({ budget, pool });
  return budget;
}

describe('the shared budget without its database', () => {
  it('falls back to half the limit when it never saw another desk, and says so in words', async () => {
    const clock = new VirtualClock();
    const modes: BudgetMode[] = [];
    const budget = await unreachableBudget(clock, modes);
    expect(budget.mode).toMatchObject({ kind: 'local', perWindow: 50 });
    expect(modes).toHaveLength(1);
    expect(budget.mode.words).toMatch(/^The warehouse database cannot be reached \(.*ECONNREFUSED.*\): this desk keeps to 50 requests a minute of the credential's 100 until it is back\.$/);
    // The connection's own words inside the sentence, not a second sentence around them.
    expect(budget.mode.words.match(/cannot be reached/g)).toHaveLength(1);

    const granted: number[] = [];
    for (let i = 0; i < 51; i += 1) void budget.acquire(undefined, 'rateShop').then(() => granted.push(clock.elapsed));
    await clock.advance(0);
    expect(granted).toHaveLength(50);
    await clock.advance(59_000);
    expect(granted).toHaveLength(50);
    await clock.advance(2_000);
    expect(granted).toHaveLength(51);
    expect(granted.at(-1)).toBe(60_050);
  });

  it('still serves a purchase before the pulls queued ahead of it, and honours a 429 hold', async () => {
    const clock = new VirtualClock();
    const budget = await unreachableBudget(clock, []);
    for (let i = 0; i < 50; i += 1) await budget.acquire(undefined, 'searchShipments');
    const served: string[] = [];
    void budget.acquire(undefined, 'searchShipments').then(() => served.push('pull'));
    void budget.acquire(undefined, 'trackShipments').then(() => served.push('track'));
    void budget.acquire(undefined, 'createShipment').then(() => served.push('buy'));
    budget.holdUntil(clock.now() + 90_000);
    await clock.advance(61_000);
    expect(served).toEqual([]);
    await clock.advance(29_000);
    expect(served).toEqual(['buy', 'track', 'pull']);
  });
});
