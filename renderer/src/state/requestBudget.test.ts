/** The header's word on the request budget: read at start, kept current from the station's events, read again for another profile. */
import { describe, expect, it } from 'vitest';
import type { RequestBudgetMode } from '../../../electron/api';
import { FAKE_BUDGET_OWN, FakeStation, refusal, settled } from '../testing/fakeStation';
import { RequestBudgetState } from './requestBudget.svelte';

const SHARED: RequestBudgetMode = { kind: 'shared', words: "Sharing the credential's 100 requests a minute with the warehouse's other desks." };
const LOCAL: RequestBudgetMode = { kind: 'local', words: "The warehouse database cannot be reached (connection refused): this desk keeps to 50 requests a minute of the credential's 100 until it is back." };

describe('the request budget', () => {
  it('reads the mode the station keeps', async () => {
    const budget = new RequestBudgetState(new FakeStation());
    expect(budget.mode).toBeUndefined();
    await budget.load();
    expect(budget.mode).toEqual(FAKE_BUDGET_OWN);
  });

  it('follows the mode as the station says it changes, and reads it again for another profile', async () => {
    const station = new FakeStation();
    const budget = new RequestBudgetState(station);
    await budget.load();
    const stop = budget.follow();
    station.emit({ type: 'requestBudget', mode: SHARED });
    expect(budget.mode).toEqual(SHARED);
    station.emit({ type: 'requestBudget', mode: LOCAL });
    expect(budget.mode).toEqual(LOCAL);
    // Another profile that cannot sign in: nothing is sent, so no budget is shown.
    station.answer('getRequestBudget', () => null);
    station.emit({ type: 'connectionChanged', profileId: 'prod' });
    await settled();
    expect(budget.mode).toBeNull();
    stop();
    expect(station.listening).toBe(0);
  });

  it('shows nothing rather than a stale mode when it cannot be read', async () => {
    const station = new FakeStation().answer('getRequestBudget', () => SHARED);
    const budget = new RequestBudgetState(station);
    await budget.load();
    station.answer('getRequestBudget', () => {
      throw refusal('internal', 'the station failed');
    });
    await budget.load();
    expect(budget.mode).toBeUndefined();
  });
});
