/**
 * Guessing credentials must not lock the real client out. Failed authentication attempts
 * count in a bucket of their own per remote address: the guesser is slowed with 429, and the
 * real credential's own limit is neither consumed nor blocked. The guesser sends from
 * 127.0.0.2, the real client from 127.0.0.1 (both reach the sandbox on loopback).
 */
import { describe, expect, it } from 'vitest';
import { SandboxClient, testClock, useSandbox, type Answer } from '../../support/sandboxHarness';
import { location } from '../../support/shipments';

const clock = testClock();
// The Standard tier: 110 counted guesses would use up the real client's 100 a minute.
const { client, sandbox } = useSandbox({ requestsPerMinute: 100, clock });
const guesser = new SandboxClient(sandbox, { localAddress: '127.0.0.2' });
const LIST = { query: { Page: 1, Limit: 1 } } as const;

const wrongSecret = () => ({ grant_type: 'client_credentials', client_id: sandbox().credentials.clientId, client_secret: 'guess' });

function code(answer: Answer): string | undefined {
  return (answer.json.errors as { code: string }[] | undefined)?.[0]?.code;
}

async function realToken(from: SandboxClient): Promise<Answer> {
  const { clientId, clientSecret } = sandbox().credentials;
  return from.oauthToken({ grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret });
}

/** 110 wrong secrets at the OAuth token endpoint and at the deprecated one, one after another. */
async function guessSecrets(): Promise<Answer[]> {
  const answers: Answer[] = [];
  for (let i = 0; i < 110; i += 1) {
    answers.push(
      i % 2 === 0
        ? await guesser.oauthToken(wrongSecret())
        : await guesser.send('POST', `${sandbox().baseUrl}/v1/authorize/token`, { body: { clientId: sandbox().credentials.clientId, clientSecret: `guess-${i}` }, auth: 'none' }),
    );
  }
  return answers;
}

describe('failed authentication attempts', () => {
  it('slow the guesser down with 429 and Retry-After, and leave the real client its whole limit', async () => {
    const answers = await guessSecrets();
    // Every guess is refused: 401 while the address may still try, then 429.
    expect(answers.map((a) => a.status).filter((s) => s !== 401 && s !== 429)).toEqual([]);
    const limited = answers.filter((a) => a.status === 429);
    expect(limited.length).toBeGreaterThan(0);
    expect(code(limited[0] as Answer)).toBe('RateLimitExceeded');
    expect(Number(limited[0]?.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(answers.filter((a) => a.status === 401).every((a) => code(a) === 'AuthenticationFailed')).toBe(true);

    // The real client, from its own address: a token, then calls, none of them 429.
    const token = await realToken(client);
    expect(token.status, JSON.stringify(token.body)).toBe(200);
    const bearer = { bearer: token.json.access_token as string };
    const first = await client.call('getLocations', { ...LIST, auth: bearer });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    // Its bucket holds the token request and this call only: no guess was counted in it.
    expect(first.headers.get('x-ratelimit-remaining')).toBe('98');
    for (let i = 0; i < 10; i += 1) expect((await client.call('createLocation', { body: location(`GUESS-${i}`), auth: bearer })).status).toBe(200);
  });

  it('wrong API keys and bearer tokens count in the same bucket, and never against the real key', async () => {
    clock.advance(61_000);
    const statuses: number[] = [];
    for (let i = 0; i < 60; i += 1) {
      const auth = i % 3 === 0 ? { apiKey: `guess-${i}` } : i % 3 === 1 ? { bearer: `made-up-${i}` } : { bearer: 'e30.e30.forged' };
      statuses.push((await guesser.call('getLocations', { ...LIST, auth })).status);
    }
    expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([]);
    expect(statuses).toContain(429);
    const real = await client.call('getLocations', LIST);
    expect(real.status).toBe(200);
    expect(real.headers.get('x-ratelimit-remaining')).toBe('99');
  });

  it('refuses a locked address before looking at its credentials, until the window frees', async () => {
    clock.advance(61_000);
    let answer: Answer;
    do answer = await guesser.oauthToken(wrongSecret());
    while (answer.status === 401);
    expect(answer.status).toBe(429);
    // Even the right secret is not checked from there: a guesser learns nothing while locked.
    const locked = await realToken(guesser);
    expect(locked.status).toBe(429);
    const wait = Number(locked.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(0);
    clock.advance(wait * 1000);
    expect((await realToken(guesser)).status).toBe(200);
  });

  it('does not count missing credentials or a genuine token that has expired', async () => {
    clock.advance(61_000);
    const token = (await realToken(guesser)).json.access_token as string;
    clock.advance(3_601_000);
    for (let i = 0; i < 120; i += 1) {
      const answer = await guesser.call('getLocations', { ...LIST, auth: i % 2 === 0 ? 'none' : { bearer: token } });
      expect(answer.status).toBe(401);
    }
    expect((await realToken(guesser)).status).toBe(200);
  });
});
