import { describe, expect, it } from 'vitest';
import { testClock, useSandbox } from '../../support/sandboxHarness';

const clock = testClock();
const { client, sandbox } = useSandbox({ requestsPerMinute: 5, clock });
const LIST = { query: { Page: 1, Limit: 1 } } as const;

describe('rate limit per credential', () => {
  it('answers the N+1st request in a minute with 429, Retry-After and the envelope', async () => {
    for (let i = 0; i < 5; i += 1) {
      const ok = await client.call('getLocations', LIST);
      expect(ok.status).toBe(200);
      expect(ok.headers.get('x-ratelimit-remaining')).toBe(String(4 - i));
      clock.advance(1_000);
    }
    const limited = await client.call('getLocations', LIST);
    expect(limited.status).toBe(429);
    expect(limited.json).toEqual({ success: false, errors: [{ code: 'RateLimitExceeded', message: expect.stringMatching(/5 requests per minute/), type: 'RateLimitError' }] });
    // The first request was 5 s ago: a slot frees 55 s from now.
    expect(limited.headers.get('retry-after')).toBe('55');
  });

  it('counts each credential on its own', async () => {
    const readOnly = await client.call('getLocations', { ...LIST, auth: { apiKey: sandbox().credentials.readOnlyApiKey } });
    expect(readOnly.status).toBe(200);
  });

  it('admits again once the window has moved past the oldest request', async () => {
    clock.advance(55_000);
    expect((await client.call('getLocations', LIST)).status).toBe(200);
    expect((await client.call('getLocations', LIST)).status).toBe(429);
  });
});
