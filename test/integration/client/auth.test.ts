import { afterEach, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../../electron/sandbox/sandbox';
import { AuthenticationError, PermissionError } from '../../../electron/service/client/errors';
import { realTimers, type Timers } from '../../../electron/platform/clock';
import { testClock, type TestClock } from '../../support/sandboxHarness';
import { authFor, clientFor, startRecordedSandbox, type Traffic } from '../../support/clientHarness';
import { location } from '../../support/shipments';

const TOKEN_PATH = '/auth/connect/token';
const LIST = { Page: 1, Limit: 1 } as const;
let sandbox: RunningSandbox | undefined;
afterEach(async () => {
  await sandbox?.close();
  sandbox = undefined;
});

/** Client timers reading the given clock, sleeping for real. */
const timersOn = (clock: TestClock): Timers => ({ now: () => clock().getTime(), sleep: realTimers.sleep });

async function start(clock?: TestClock): Promise<{ sandbox: RunningSandbox; traffic: Traffic }> {
  const started = await startRecordedSandbox({ tokenLifetimeSeconds: 600, ...(clock === undefined ? {} : { clock }) });
  sandbox = started.sandbox;
  return started;
}

describe('OAuth client credentials', () => {
  it('fetches one token and reuses it', async () => {
    const { sandbox, traffic } = await start();
    const { client } = clientFor(sandbox, authFor(sandbox, 'oauth'));
    for (let i = 0; i < 5; i += 1) await client.getLocations(LIST);
    expect(traffic.count('POST', TOKEN_PATH)).toBe(1);
    client.close();
  });

  it('50 concurrent requests on an expired token cause exactly one token request', async () => {
    const clock = testClock();
    const { sandbox, traffic } = await start(clock);
    const { client } = clientFor(sandbox, authFor(sandbox, 'oauth'), { timers: timersOn(clock) });
    await client.getLocations(LIST);
    clock.advance(601_000);
    await Promise.all(Array.from({ length: 50 }, () => client.getLocations(LIST)));
    expect(traffic.count('POST', TOKEN_PATH)).toBe(2);
    expect(traffic.count('GET', '/v1/locations')).toBe(51);
    client.close();
  });

  it('when the service rejects a token the client still trusted, 50 requests share one refresh and all succeed', async () => {
    const serviceClock = testClock();
    const stationClock = testClock(serviceClock());
    const { sandbox, traffic } = await start(serviceClock);
    const { client } = clientFor(sandbox, authFor(sandbox, 'oauth'), { timers: timersOn(stationClock) });
    await client.getLocations(LIST);
    serviceClock.advance(601_000); // the service's clock says the token has expired; the station's does not
    await Promise.all(Array.from({ length: 50 }, () => client.getLocations(LIST)));
    expect(traffic.count('POST', TOKEN_PATH)).toBe(2);
    client.close();
  });

  it('a wrong secret gives one token request and a clear error, without a loop', async () => {
    const { sandbox, traffic } = await start();
    const { client } = clientFor(sandbox, authFor(sandbox, 'oauth', { clientSecret: 'wrong' }));
    const error = await client.getLocations(LIST).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthenticationError);
    expect((error as Error).message).toMatch(/could not get an access token .*client_id or client_secret is not valid/);
    expect(traffic.count('POST', TOKEN_PATH)).toBe(1);
    expect(traffic.count('GET', '/v1/locations')).toBe(0);
    client.close();
  });
});

describe('deprecated bearer token', () => {
  it('works, and logs the deprecation warning once', async () => {
    const clock = testClock();
    const { sandbox, traffic } = await start(clock);
    const { client, log } = clientFor(sandbox, authFor(sandbox, 'bearer'), { timers: timersOn(clock) });
    await client.getLocations(LIST);
    clock.advance(601_000);
    await client.getLocations(LIST);
    expect(traffic.count('POST', '/v1/authorize/token')).toBe(2);
    expect(log.warnings).toEqual([expect.stringMatching(/deprecated/)]);
    client.close();
  });
});

describe('API key', () => {
  it('a wrong key is an AuthenticationError, not retried', async () => {
    const { sandbox, traffic } = await start();
    const { client } = clientFor(sandbox, authFor(sandbox, 'apiKey', { apiKey: 'wrong' }));
    await expect(client.getLocations(LIST)).rejects.toBeInstanceOf(AuthenticationError);
    expect(traffic.count('GET', '/v1/locations')).toBe(1);
    client.close();
  });

  it('a read-only key writing is a PermissionError naming the action', async () => {
    const { sandbox } = await start();
    const { client } = clientFor(sandbox, authFor(sandbox, 'apiKey', { apiKey: sandbox.credentials.readOnlyApiKey }));
    const error = await client.createLocation(location()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PermissionError);
    expect((error as PermissionError).items[0]?.code).toBe('PermissionDenied');
    client.close();
  });
});
