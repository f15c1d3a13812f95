import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ProductionProfileInput as ProfileInputType } from '../../../electron/api';
import { ProductionProfileInput, SANDBOX_PROFILE_ID, StationError } from '../../../electron/api';
import { PROFILES_FILE, ProfileRegistry, profileWarnings, secretName } from '../../../electron/station/profiles';
import type { StoredProfile } from '../../../electron/station/profiles';
import { FileVault } from '../../../electron/platform/vault';
import { secretAppearsIn } from '../vault/support';

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function dataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'packbench-profiles-'));
  made.push(dir);
  return path.join(dir, 'data');
}

/** The input as the station API hands it over: already through the method's schema. */
function input(overrides: Partial<ProfileInputType> = {}) {
  return ProductionProfileInput.parse({
    name: 'Acme Warehouse (prod)',
    baseUrl: 'https://api.example.com/shipping/v1',
    authUrl: 'https://auth.example.com',
    method: 'apiKey',
    tier: 'Standard',
    ...overrides,
  });
}

function stationError(run: () => unknown): StationError {
  try {
    run();
  } catch (error) {
    if (error instanceof StationError) return error;
    throw error;
  }
  throw new Error('expected a StationError');
}

function fileJson(dir: string): { activeId: string; profiles: Record<string, unknown>[] } {
  return JSON.parse(readFileSync(path.join(dir, PROFILES_FILE), 'utf8')) as { activeId: string; profiles: Record<string, unknown>[] };
}

describe('ProfileRegistry', () => {
  it('starts with the built-in sandbox active, written to a 0600 file without its URLs', () => {
    const dir = dataDir();
    const registry = ProfileRegistry.open(dir);
    expect(registry.activeId).toBe(SANDBOX_PROFILE_ID);
    expect(registry.list()).toEqual([
      { id: SANDBOX_PROFILE_ID, kind: 'sandbox', name: 'Sandbox', baseUrl: '', authUrl: '', method: 'apiKey', tier: 'Standard', requestsPerMinute: 100 },
    ]);
    expect(registry.get(SANDBOX_PROFILE_ID)?.kind).toBe('sandbox');
    expect(registry.recovered).toBeUndefined();
    const file = path.join(dir, PROFILES_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(fileJson(dir)).toMatchObject({ activeId: 'sandbox', profiles: [] });
  });

  it('adds a production profile with an id made from its name, and keeps it across reopening', () => {
    const dir = dataDir();
    const registry = ProfileRegistry.open(dir);
    const saved = registry.save(input());
    expect(saved.id).toMatch(/^acme-warehouse-prod-[0-9a-f]{6}$/);
    expect(saved).toEqual({
      id: saved.id,
      kind: 'production',
      name: 'Acme Warehouse (prod)',
      baseUrl: 'https://api.example.com/shipping/v1',
      authUrl: 'https://auth.example.com',
      method: 'apiKey',
      tier: 'Standard',
      requestsPerMinute: 100,
    });
    const premium = registry.save(input({ name: 'Über Depot', method: 'oauth', clientId: 'packbench-desk', tier: 'Premium' }));
    expect(premium.id).toMatch(/^uber-depot-[0-9a-f]{6}$/);
    expect(premium.requestsPerMinute).toBe(500);
    const custom = registry.save(input({ name: '!!!', tier: 'custom', requestsPerMinute: 1200 }));
    expect(custom.id).toMatch(/^profile-[0-9a-f]{6}$/);
    expect(custom.requestsPerMinute).toBe(1200);

    const reopened = ProfileRegistry.open(dir);
    expect(reopened.list().map((p) => p.id)).toEqual([SANDBOX_PROFILE_ID, saved.id, premium.id, custom.id]);
    expect(reopened.get(premium.id)).toEqual(premium);
    expect(readdirSync(dir)).toEqual([PROFILES_FILE]);
  });

  it('changes a profile in place by its id', () => {
    const dir = dataDir();
    const registry = ProfileRegistry.open(dir);
    const saved = registry.save(input());
    const changed = registry.save(input({ id: saved.id, name: 'Acme (renamed)', method: 'bearer', clientId: 'desk-user', tier: 'custom', requestsPerMinute: 50 }));
    expect(changed).toMatchObject({ id: saved.id, name: 'Acme (renamed)', method: 'bearer', clientId: 'desk-user', requestsPerMinute: 50 });
    expect(ProfileRegistry.open(dir).list()).toHaveLength(2);
    // Saving the same name again for the same profile is not a clash with itself.
    expect(registry.save(input({ id: saved.id, name: 'ACME (renamed)' })).name).toBe('ACME (renamed)');
  });

  it('refuses to change the sandbox or a profile that does not exist', () => {
    const registry = ProfileRegistry.open(dataDir());
    const sandbox = stationError(() => registry.save(input({ id: SANDBOX_PROFILE_ID })));
    expect(sandbox.code).toBe('conflict');
    expect(sandbox.fields).toEqual([{ field: 'id', message: 'id names the built-in sandbox' }]);
    const missing = stationError(() => registry.save(input({ id: 'nope' })));
    expect(missing.code).toBe('notFound');
    expect(missing.message).toMatch(/there is no connection profile "nope" to change/);
    expect(registry.list()).toHaveLength(1);
  });

  it('names each field that is wrong for the chosen tier and method', () => {
    const registry = ProfileRegistry.open(dataDir());
    const custom = stationError(() => registry.save(input({ tier: 'custom' })));
    expect(custom.code).toBe('invalidInput');
    expect(custom.fields).toEqual([{ field: 'requestsPerMinute', message: expect.stringMatching(/^requestsPerMinute is required with tier "custom"/) }]);

    const both = stationError(() => registry.save(input({ tier: 'Premium', requestsPerMinute: 900, method: 'oauth' })));
    expect(both.fields.map((f) => f.field)).toEqual(['requestsPerMinute', 'clientId']);
    expect(both.fields[0]?.message).toMatch(/requestsPerMinute comes from tier "Premium" \(500 per minute\)/);
    expect(both.fields[1]?.message).toBe('clientId is required with the oauth method: the OAuth client id');
    expect(both.message).toMatch(/^the profile cannot be saved: requestsPerMinute .*; clientId is required/);

    expect(stationError(() => registry.save(input({ method: 'bearer' }))).fields).toEqual([
      { field: 'clientId', message: 'clientId is required with the bearer method: the user name of the bearer-token sign-in' },
    ]);
    expect(stationError(() => registry.save(input({ clientId: 'x' }))).fields).toEqual([{ field: 'clientId', message: 'clientId is not used with an API key: leave it out' }]);
    expect(registry.list()).toHaveLength(1);
  });

  it('refuses a name another profile (or the sandbox) already has', () => {
    const registry = ProfileRegistry.open(dataDir());
    registry.save(input({ name: 'Main' }));
    expect(stationError(() => registry.save(input({ name: 'main' }))).fields).toEqual([{ field: 'name', message: 'name "main" is already used by another profile: choose another' }]);
    expect(stationError(() => registry.save(input({ name: 'SANDBOX' }))).fields.map((f) => f.field)).toEqual(['name']);
  });

  it('switches the active profile, kept across reopening; an unknown id is refused', () => {
    const dir = dataDir();
    const registry = ProfileRegistry.open(dir);
    const saved = registry.save(input());
    registry.setActive(saved.id);
    expect(registry.activeId).toBe(saved.id);
    expect(ProfileRegistry.open(dir).activeId).toBe(saved.id);
    const unknown = stationError(() => registry.setActive('ghost'));
    expect(unknown.code).toBe('notFound');
    expect(unknown.fields).toEqual([{ field: 'profileId', message: 'profileId names no profile' }]);
    registry.setActive(SANDBOX_PROFILE_ID);
    expect(ProfileRegistry.open(dir).activeId).toBe(SANDBOX_PROFILE_ID);
  });

  it('deletes a production profile, never the sandbox nor the active one', () => {
    const dir = dataDir();
    const registry = ProfileRegistry.open(dir);
    const a = registry.save(input({ name: 'A' }));
    const b = registry.save(input({ name: 'B' }));
    registry.setActive(a.id);
    expect(stationError(() => registry.delete(SANDBOX_PROFILE_ID)).code).toBe('conflict');
    const active = stationError(() => registry.delete(a.id));
    expect(active.code).toBe('conflict');
    expect(active.message).toBe('"A" is the active connection: switch to another profile before deleting it');
    expect(stationError(() => registry.delete('ghost')).code).toBe('notFound');
    registry.delete(b.id);
    expect(registry.get(b.id)).toBeUndefined();
    expect(ProfileRegistry.open(dir).list().map((p) => p.id)).toEqual([SANDBOX_PROFILE_ID, a.id]);
  });

  it('hands out copies: changing a returned profile changes nothing stored', () => {
    const registry = ProfileRegistry.open(dataDir());
    const saved = registry.save(input());
    const got = registry.get(saved.id) as StoredProfile;
    got.name = 'tampered';
    const sandbox = registry.list()[0] as StoredProfile;
    sandbox.baseUrl = 'https://evil.example';
    expect(registry.get(saved.id)?.name).toBe('Acme Warehouse (prod)');
    expect(registry.get(SANDBOX_PROFILE_ID)?.baseUrl).toBe('');
  });

  it('a damaged file is moved aside, kept, reported, and the registry starts again with the sandbox', () => {
    const dir = dataDir();
    ProfileRegistry.open(dir).save(input());
    const file = path.join(dir, PROFILES_FILE);
    writeFileSync(file, '{"format":"packbench-profiles","version":1,"activeId":"acme');
    const lines: string[] = [];
    const registry = ProfileRegistry.open(dir, { log: (line) => lines.push(line), now: () => Date.UTC(2026, 2, 14, 9, 26, 53, 589) });
    expect(registry.list().map((p) => p.id)).toEqual([SANDBOX_PROFILE_ID]);
    expect(registry.activeId).toBe(SANDBOX_PROFILE_ID);
    const movedTo = `${file}.corrupt-2026-03-14T09-26-53-589Z`;
    expect(registry.recovered).toEqual({ movedTo, reason: 'not valid JSON' });
    expect(readFileSync(movedTo, 'utf8')).toBe('{"format":"packbench-profiles","version":1,"activeId":"acme');
    expect(lines).toEqual([expect.stringMatching(/profiles\.json is damaged \(not valid JSON\): it was moved to .*corrupt-2026-03-14T09-26-53-589Z and the profiles start again/)]);
    expect(fileJson(dir).profiles).toEqual([]);

    // A file of the wrong shape is damaged too, and the reason names the field.
    writeFileSync(file, JSON.stringify({ format: 'packbench-profiles', version: 1, activeId: 'sandbox', profiles: [{ id: 'sandbox', kind: 'production' }] }));
    const again = ProfileRegistry.open(dir, { log: () => undefined });
    expect(again.recovered?.reason).toMatch(/^profiles\[0\]\.id is reserved for the built-in sandbox/);
    expect(readdirSync(dir).filter((name) => name.includes('.corrupt-'))).toHaveLength(2);
  });

  it('an active id that names no profile falls back to the sandbox', () => {
    const dir = dataDir();
    const registry = ProfileRegistry.open(dir);
    const saved = registry.save(input());
    registry.setActive(saved.id);
    const doc = fileJson(dir);
    writeFileSync(path.join(dir, PROFILES_FILE), JSON.stringify({ ...doc, activeId: 'gone' }));
    const lines: string[] = [];
    expect(ProfileRegistry.open(dir, { log: (line) => lines.push(line) }).activeId).toBe(SANDBOX_PROFILE_ID);
    expect(lines[0]).toMatch(/names an active profile "gone" that does not exist: the sandbox is active instead/);
    expect(fileJson(dir).activeId).toBe(SANDBOX_PROFILE_ID);
  });

  it('stores only profile fields: no secret can reach profiles.json', () => {
    const dir = dataDir();
    const registry = ProfileRegistry.open(dir);
    registry.save(input({ method: 'oauth', clientId: 'desk-client' }));
    const [stored] = fileJson(dir).profiles;
    expect(Object.keys(stored ?? {}).sort()).toEqual(['authUrl', 'baseUrl', 'clientId', 'id', 'kind', 'method', 'name', 'requestsPerMinute', 'tier']);
    // The API's schema refuses any extra field (a "secret" typed into the profile form) before the registry sees it.
    expect(ProductionProfileInput.safeParse({ ...input(), secret: 'sk_live' }).success).toBe(false);
    expect(existsSync(path.join(dir, PROFILES_FILE))).toBe(true);
  });

  it('with its secret in the file vault beside it, the secret appears in no file of the data folder', async () => {
    const dir = dataDir();
    const registry = ProfileRegistry.open(dir);
    const saved = registry.save(input({ method: 'oauth', clientId: 'desk-client' }));
    const vault = await FileVault.open(path.join(dir, 'vault'));
    const secret = 'oauth-client-secret-5d41402abc4b2a76';
    await vault.set(secretName(saved.id), secret);
    registry.setActive(saved.id);
    expect(await vault.get(secretName(saved.id))).toBe(secret);
    expect(secretAppearsIn(dir, secret)).toEqual([]);
  });
});

describe('profileWarnings', () => {
  const base: StoredProfile = { id: 'p-1', kind: 'production', name: 'P', baseUrl: 'https://api.example.com', authUrl: 'https://auth.example.com', method: 'apiKey', tier: 'Standard', requestsPerMinute: 100 };

  it('says nothing about a sound profile or the sandbox', () => {
    expect(profileWarnings(base)).toEqual([]);
    expect(profileWarnings(ProfileRegistry.open(dataDir()).list()[0] as StoredProfile)).toEqual([]);
    expect(profileWarnings({ ...base, kind: 'sandbox', baseUrl: 'http://127.0.0.1:4010' })).toEqual([]);
  });

  it('warns that the bearer sign-in is deprecated', () => {
    expect(profileWarnings({ ...base, method: 'bearer', clientId: 'u' })).toEqual([
      'The bearer-token sign-in is deprecated by the service: switch to an API key or OAuth client credentials',
    ]);
  });

  it('warns about http addresses on a production profile', () => {
    expect(profileWarnings({ ...base, baseUrl: 'http://api.example.com' })).toEqual([expect.stringMatching(/^The base URL uses http, not https/)]);
    expect(profileWarnings({ ...base, method: 'oauth', clientId: 'c', authUrl: 'http://auth.example.com' })).toEqual([expect.stringMatching(/^The auth URL uses http, not https: the client secret/)]);
    // An API key never goes to the auth URL.
    expect(profileWarnings({ ...base, authUrl: 'http://auth.example.com' })).toEqual([]);
  });
});

describe('secretName', () => {
  it('is the vault name of a profile secret', () => {
    expect(secretName('acme-1a2b3c')).toBe('profile:acme-1a2b3c');
  });
});
