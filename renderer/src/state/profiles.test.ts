/**
 * The Connections screen's state: the profiles and the active one, a profile's form and the
 * station's words at its fields, a secret passed on (never kept), a test said as a sentence,
 * switching and deleting.
 */
import { describe, expect, it, vi } from 'vitest';
import type { ProfileView } from '../../../electron/api';
import { FakeStation, refusal } from '../testing/fakeStation';
import { connectionInfo, profile } from '../testing/records';
import { watchToasts } from '../testing/toasts';
import { ProfileForm, ProfilesState, tierWords } from './profiles.svelte';

const PRODUCTION = profile({ id: 'prod', kind: 'production', name: 'Production', baseUrl: 'https://api.example.com', authUrl: 'https://auth.example.com', method: 'oauth', clientId: 'desk-1', hasSecret: true });

function desk() {
  let profiles: ProfileView[] = [profile(), PRODUCTION];
  let active = 'sandbox';
  const station = new FakeStation()
    .answer('listProfiles', () => profiles)
    .answer('getConnection', () => connectionInfo({ profile: profiles.find((p) => p.id === active) ?? profile() }))
    .answer('saveProfile', (input) => {
      const before = profiles.find((p) => p.id === input.id);
      const moved = before !== undefined && (before.baseUrl !== input.baseUrl || before.method !== input.method);
      const saved = profile({ ...before, ...input, id: input.id ?? 'new', kind: 'production', hasSecret: before?.hasSecret === true && !moved });
      profiles = [...profiles.filter((p) => p.id !== saved.id), saved];
      return saved;
    })
    .answer('switchProfile', ({ profileId }) => {
      active = profileId;
      return connectionInfo({ profile: profiles.find((p) => p.id === profileId) ?? profile() });
    })
    .answer('deleteProfile', ({ profileId }) => {
      profiles = profiles.filter((p) => p.id !== profileId);
      return { deleted: true };
    });
  return { station, profiles: new ProfilesState(station) };
}

describe('a profile’s form', () => {
  it('starts from the profile, and says when saving would clear its stored secret', () => {
    const form = new ProfileForm(profile({ ...PRODUCTION, tier: 'custom', requestsPerMinute: 250 }));
    expect(form.draft).toMatchObject({ name: 'Production', method: 'oauth', clientId: 'desk-1', requestsPerMinute: '250' });
    expect(form.clearsSecret).toBe(false);
    form.set('baseUrl', 'https://api2.example.com ');
    expect(form.clearsSecret).toBe(true);
    expect(tierWords(profile({ tier: 'custom', requestsPerMinute: 1500 }))).toBe('Custom, 1,500 requests per minute');
  });

  it('a rate that is not a whole number stays at its field and nothing is sent; the station’s words stand at the fields it names', async () => {
    const { station, profiles } = desk();
    const form = new ProfileForm();
    form.set('tier', 'custom');
    form.set('requestsPerMinute', '12.5');
    expect(await form.save(profiles)).toBeUndefined();
    expect(form.errors).toEqual({ requestsPerMinute: 'Requests per minute must be a whole number' });
    expect(station.inputsOf('saveProfile')).toEqual([]);

    station.answer('saveProfile', () => {
      throw refusal('invalidInput', 'the profile was not saved', [{ field: 'baseUrl', message: 'must be an http(s) URL' }]);
    });
    form.set('requestsPerMinute', '');
    const toasts = watchToasts();
    expect(await form.save(profiles)).toBeUndefined();
    expect(form.errors).toEqual({ baseUrl: 'must be an http(s) URL' });
    expect(toasts).toEqual([]);
    form.set('baseUrl', 'https://x.example.com');
    expect(form.errors).toEqual({});
  });

  it('sends an API key profile without a client id, and the profile saved is kept in the list', async () => {
    const { station, profiles } = desk();
    await profiles.load();
    const form = new ProfileForm();
    form.set('name', 'Warehouse B');
    form.set('clientId', 'ignored');
    const saved = await form.save(profiles);
    expect(station.inputsOf('saveProfile')[0]).toEqual({ name: 'Warehouse B', baseUrl: 'https://', authUrl: 'https://', method: 'apiKey', tier: 'Standard' });
    expect(profiles.profiles.map((p) => p.id)).toEqual(['sandbox', 'prod', saved?.id]);
  });
});

describe('the profiles', () => {
  it('are listed with the active one, and read again when the active connection changes', async () => {
    const { station, profiles } = desk();
    await profiles.load();
    expect(profiles.activeId).toBe('sandbox');
    profiles.follow();
    await station.value('switchProfile', { profileId: 'prod' });
    station.emit({ type: 'connectionChanged', profileId: 'prod' });
    await vi.waitFor(() => expect(profiles.activeId).toBe('prod'));
  });

  it('a profile saved with another address loses its secret, and the screen can say so', async () => {
    const { profiles } = desk();
    await profiles.load();
    const form = new ProfileForm(PRODUCTION);
    form.set('baseUrl', 'https://api2.example.com');
    await form.save(profiles);
    expect(profiles.secretCleared('prod')).toBe(true);
  });

  it('a secret is passed on and not kept; a refused one says whether the vault refused it, and a word about the secret stands at its field', async () => {
    const { station, profiles } = desk();
    await profiles.load();
    station.answer('setProfileSecret', ({ profileId }) => ({ ...PRODUCTION, id: profileId, hasSecret: true }));
    expect(await profiles.setSecret('prod', 's3cret', false)).toEqual({ stored: true, vaultRefused: false });
    expect(JSON.stringify(profiles.profiles)).not.toContain('s3cret');

    station.answer('setProfileSecret', () => {
      throw refusal('vault', 'this computer has no keychain to keep secrets in');
    });
    const toasts = watchToasts();
    expect(await profiles.setSecret('prod', 's3cret', false)).toEqual({ stored: false, vaultRefused: true });
    expect(toasts).toEqual(['This computer has no keychain to keep secrets in.']);
    station.answer('setProfileSecret', () => {
      throw refusal('invalidInput', 'the secret was not stored', [{ field: 'secret', message: 'must be at most 4096 characters' }]);
    });
    expect(await profiles.setSecret('prod', 'x'.repeat(5000), true)).toEqual({ stored: false, vaultRefused: false, message: 'must be at most 4096 characters' });
  });

  it('a test is said as a sentence and kept per profile, the profile busy meanwhile; switching and deleting keep the list as the station does', async () => {
    const { station, profiles } = desk();
    await profiles.load();
    station.answer('testConnection', () => ({ ok: false, message: 'not connected: the service refused the credentials', elapsedMs: 312 }));
    const held = station.holdAnswers();
    const testing = profiles.test('prod');
    expect(profiles.busy('prod', 'test')).toBe(true);
    held.releaseAll();
    expect(await testing).toEqual({ ok: false, words: 'Not connected: the service refused the credentials.', elapsedMs: 312 });
    expect(profiles.testOf('prod')?.ok).toBe(false);
    expect(profiles.busy('prod', 'test')).toBe(false);

    expect(await profiles.switchTo('prod')).toBe(true);
    expect(profiles.activeId).toBe('prod');
    expect(await profiles.delete('prod')).toBe(true);
    expect(profiles.profiles.map((p) => p.id)).toEqual(['sandbox']);
    expect(profiles.testOf('prod')).toBeUndefined();
  });
});
