import { describe, expect, it } from 'vitest';
import { parseWith, ErrorEnvelope } from '../../../electron/service/contract';
import { testClock, useSandbox, type Answer } from '../../support/sandboxHarness';
import { location } from '../../support/shipments';

const clock = testClock();
const { client, sandbox } = useSandbox({ requestsPerMinute: 10_000, tokenLifetimeSeconds: 600, clock });

const LIST = { query: { Page: 1, Limit: 5 } } as const;

function expectFailure(answer: Answer, status: number, code: string, message?: RegExp): void {
  expect(answer.status).toBe(status);
  expect(parseWith(ErrorEnvelope, answer.body).ok).toBe(true);
  const [item] = answer.json.errors as { code: string; message: string }[];
  expect(item?.code).toBe(code);
  if (message !== undefined) expect(item?.message).toMatch(message);
}

async function oauthToken(): Promise<string> {
  const { clientId, clientSecret } = sandbox().credentials;
  const answer = await client.oauthToken({ grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret });
  expect(answer.status).toBe(200);
  expect(answer.json).toMatchObject({ token_type: 'Bearer', expires_in: 600, access_token: expect.any(String) });
  return answer.json.access_token as string;
}

describe('API key', () => {
  it('lets the full-access key read and write', async () => {
    expect((await client.call('getLocations', LIST)).status).toBe(200);
    expect((await client.call('createLocation', { body: location() })).status).toBe(200);
  });

  it('refuses a request without credentials with 401 AuthenticationFailed', async () => {
    expectFailure(await client.call('getLocations', { ...LIST, auth: 'none' }), 401, 'AuthenticationFailed', /credentials are missing/);
  });

  it('refuses a wrong key with 401', async () => {
    expectFailure(await client.call('getLocations', { ...LIST, auth: { apiKey: 'not-a-key' } }), 401, 'AuthenticationFailed', /X-API-KEY is not a valid API key/);
  });

  it('lets the read-only key read, and refuses its writes with 403 PermissionDenied', async () => {
    const readOnly = { apiKey: sandbox().credentials.readOnlyApiKey };
    expect((await client.call('getLocations', { ...LIST, auth: readOnly })).status).toBe(200);
    expect((await client.call('searchShipments', { body: {}, auth: readOnly })).status).toBe(200);
    expectFailure(await client.call('createLocation', { body: location(), auth: readOnly }), 403, 'PermissionDenied', /may read but not create location/);
    expectFailure(await client.call('cancelShipments', { body: { shipments: [{ id: 'x' }] }, auth: readOnly }), 403, 'PermissionDenied');
  });
});

describe('OAuth 2.0 client credentials', () => {
  it('issues a token at {auth_url}/connect/token that works as a Bearer token', async () => {
    const token = await oauthToken();
    expect((await client.call('createLocation', { body: location('OAUTH-1'), auth: { bearer: token } })).status).toBe(200);
  });

  it('refuses a wrong secret, an unknown client and another grant type', async () => {
    const { clientId } = sandbox().credentials;
    expectFailure(await client.oauthToken({ grant_type: 'client_credentials', client_id: clientId, client_secret: 'wrong' }), 401, 'AuthenticationFailed', /client_secret/);
    expectFailure(await client.oauthToken({ grant_type: 'client_credentials', client_id: 'nobody', client_secret: 'x' }), 401, 'AuthenticationFailed');
    expectFailure(await client.oauthToken({ grant_type: 'password', client_id: clientId, client_secret: 'x' }), 400, 'InvalidRequest', /grant_type/);
  });

  it('refuses a token request that is not form-encoded', async () => {
    const answer = await client.send('POST', `${sandbox().authUrl}/connect/token`, { body: { grant_type: 'client_credentials' }, auth: 'none' });
    expectFailure(answer, 400, 'InvalidRequest', /application\/x-www-form-urlencoded/);
  });

  it('rejects an expired token with 401', async () => {
    const token = await oauthToken();
    clock.advance(601_000);
    expectFailure(await client.call('getLocations', { ...LIST, auth: { bearer: token } }), 401, 'AuthenticationFailed', /expired/);
  });

  it('rejects a token it never issued', async () => {
    expectFailure(await client.call('getLocations', { ...LIST, auth: { bearer: 'made-up-token' } }), 401, 'AuthenticationFailed', /not valid/);
  });
});

describe('deprecated bearer token', () => {
  async function bearer(): Promise<Answer> {
    const { clientId, clientSecret } = sandbox().credentials;
    return client.send('POST', `${sandbox().baseUrl}/v1/authorize/token`, { body: { clientId, clientSecret }, auth: 'none' });
  }

  it('issues a signed JWT, with a deprecation header, that works as Bearer', async () => {
    const issued = await bearer();
    expect(issued.status).toBe(200);
    expect(issued.headers.get('deprecation')).toBe('true');
    const token = issued.json.token as string;
    expect(token.split('.')).toHaveLength(3);
    const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { exp: number; sub: string };
    expect(claims.sub).toBe(sandbox().credentials.clientId);
    const used = await client.call('getLocations', { ...LIST, auth: { bearer: token } });
    expect(used.status).toBe(200);
    expect(used.headers.get('deprecation')).toBe('true');
  });

  it('rejects a tampered JWT and an expired one', async () => {
    const token = (await bearer()).json.token as string;
    const [header, payload, signature] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()), exp: 9_999_999_999 })).toString('base64url');
    expectFailure(await client.call('getLocations', { ...LIST, auth: { bearer: `${header}.${forged}.${signature}` } }), 401, 'AuthenticationFailed', /signature/);
    clock.advance(601_000);
    expectFailure(await client.call('getLocations', { ...LIST, auth: { bearer: token } }), 401, 'AuthenticationFailed', /expired/);
  });

  it('refuses wrong client credentials', async () => {
    const answer = await client.send('POST', `${sandbox().baseUrl}/v1/authorize/token`, { body: { clientId: 'x', clientSecret: 'y' }, auth: 'none' });
    expectFailure(answer, 401, 'AuthenticationFailed');
  });
});
