/**
 * The Connections screen's state: the desk's connection profiles and which one is active, the
 * last test of each, and the actions on them (save, set or clear a secret, test, switch, delete).
 * A secret only passes through `setSecret` on its way to the station: it is never kept here.
 * The list is read again whenever the station says the active connection changed.
 */
import { SvelteMap, SvelteSet } from 'svelte/reactivity';
import type { AuthMethodName, MethodInput, ProfileView } from '../../../electron/api';
import { coalesce } from '../lib/coalesce';
import { handleError, sentence } from '../lib/errors';
import { StationCallError, type StationClient } from '../lib/station';

type ProfileInput = MethodInput<'saveProfile'>;
export type Tier = ProfileView['tier'];

/** The built-in profile's id (the renderer may not import the API's values, only its types). */
export const SANDBOX_ID = 'sandbox';

/** The ways of signing in, as the screen names them. */
export const METHOD_WORDS = {
  apiKey: 'API key',
  oauth: 'OAuth client credentials',
  bearer: 'Bearer token (deprecated)',
} as const satisfies Record<AuthMethodName, string>;

/** What the secret of each way of signing in is called. */
export const SECRET_WORDS = {
  apiKey: 'API key',
  oauth: 'Client secret',
  bearer: 'Password',
} as const satisfies Record<AuthMethodName, string>;

/** The service's tiers and their limits (electron/api/profiles.ts); "custom" is a contracted limit. */
export const TIER_LIMITS = { Standard: 100, Premium: 500 } as const satisfies Record<Exclude<Tier, 'custom'>, number>;

export function tierWords(profile: Pick<ProfileView, 'tier' | 'requestsPerMinute'>): string {
  const perMinute = `${profile.requestsPerMinute.toLocaleString()} requests per minute`;
  return profile.tier === 'custom' ? `Custom, ${perMinute}` : `${profile.tier}, ${perMinute}`;
}

/** A connection test as the screen says it. */
export interface TestOutcome {
  readonly ok: boolean;
  readonly words: string;
  readonly elapsedMs: number;
}

export interface ProfileDraft {
  name: string;
  baseUrl: string;
  authUrl: string;
  method: AuthMethodName;
  clientId: string;
  tier: Tier;
  requestsPerMinute: string;
}

export type DraftField = keyof ProfileDraft;

/** The fields the form shows, where the station's words about them stand. */
const DRAFT_FIELDS = { name: true, baseUrl: true, authUrl: true, method: true, clientId: true, tier: true, requestsPerMinute: true } as const satisfies Record<DraftField, true>;
const isDraftField = (path: string): boolean => Object.hasOwn(DRAFT_FIELDS, path);

/** The add or edit form of a production profile: text as typed, and the messages at its fields. */
export class ProfileForm {
  #draft = $state<ProfileDraft>({ name: '', baseUrl: 'https://', authUrl: 'https://', method: 'apiKey', clientId: '', tier: 'Standard', requestsPerMinute: '' });
  #errors = $state<Record<string, string>>({});
  #saving = $state(false);

  /** `editing` is the profile being changed; absent to add one. */
  constructor(readonly editing?: ProfileView) {
    if (editing !== undefined) {
      this.#draft = {
        name: editing.name,
        baseUrl: editing.baseUrl,
        authUrl: editing.authUrl,
        method: editing.method,
        clientId: editing.clientId ?? '',
        tier: editing.tier,
        requestsPerMinute: editing.tier === 'custom' ? String(editing.requestsPerMinute) : '',
      };
    }
  }

  get draft(): Readonly<ProfileDraft> {
    return this.#draft;
  }
  get errors(): Readonly<Record<string, string>> {
    return this.#errors;
  }
  get saving(): boolean {
    return this.#saving;
  }

  /** Saving would clear the stored secret: another address or way of signing in (the station does it). */
  get clearsSecret(): boolean {
    const before = this.editing;
    if (before === undefined || !before.hasSecret) return false;
    const d = this.#draft;
    return d.method !== before.method || d.baseUrl.trim() !== before.baseUrl || d.authUrl.trim() !== before.authUrl;
  }

  set<F extends DraftField>(field: F, value: ProfileDraft[F]): void {
    this.#draft[field] = value;
    if (this.#errors[field] !== undefined) {
      const { [field]: _gone, ...rest } = this.#errors;
      this.#errors = rest;
    }
  }

  /** Saves through `profiles`; the saved profile, or undefined with the messages at the fields. */
  async save(profiles: ProfilesState): Promise<ProfileView | undefined> {
    if (this.#saving) return undefined;
    const d = this.#draft;
    let requestsPerMinute: number | undefined;
    if (d.tier === 'custom' && d.requestsPerMinute.trim() !== '') {
      requestsPerMinute = /^\d+$/.test(d.requestsPerMinute.trim()) ? Number(d.requestsPerMinute.trim()) : Number.NaN;
      if (Number.isNaN(requestsPerMinute)) {
        this.#errors = { requestsPerMinute: 'Requests per minute must be a whole number' };
        return undefined;
      }
    }
    // What is left out is the station's to refuse, in its own words (a client id the method needs…).
    const input: ProfileInput = {
      ...(this.editing === undefined ? {} : { id: this.editing.id }),
      name: d.name,
      baseUrl: d.baseUrl,
      authUrl: d.authUrl,
      method: d.method,
      ...(d.method === 'apiKey' || d.clientId.trim() === '' ? {} : { clientId: d.clientId }),
      tier: d.tier,
      ...(requestsPerMinute === undefined ? {} : { requestsPerMinute }),
    };
    this.#saving = true;
    try {
      const saved = await profiles.save(input);
      if ('errors' in saved) {
        this.#errors = saved.errors;
        return undefined;
      }
      this.#errors = {};
      return saved.profile;
    } finally {
      this.#saving = false;
    }
  }
}

export class ProfilesState {
  #profiles = $state.raw<readonly ProfileView[]>([]);
  #activeId = $state<string | undefined>();
  #loaded = $state(false);
  readonly #tests = new SvelteMap<string, TestOutcome>();
  /** Actions under way, as `<profile id>:<action>`. */
  readonly #busy = new SvelteSet<string>();
  /** Profiles whose secret the station cleared when their addresses or way of signing in changed. */
  readonly #cleared = new SvelteSet<string>();
  readonly #reload = coalesce(() => this.load());

  constructor(private readonly station: StationClient) {}

  get profiles(): readonly ProfileView[] {
    return this.#profiles;
  }
  get activeId(): string | undefined {
    return this.#activeId;
  }
  get loaded(): boolean {
    return this.#loaded;
  }

  testOf(profileId: string): TestOutcome | undefined {
    return this.#tests.get(profileId);
  }
  busy(profileId: string, action: 'test' | 'switch' | 'secret' | 'delete'): boolean {
    return this.#busy.has(`${profileId}:${action}`);
  }
  /** The station cleared this profile's secret when it was saved with other addresses or another way of signing in. */
  secretCleared(profileId: string): boolean {
    return this.#cleared.has(profileId);
  }

  async load(): Promise<void> {
    const connection = this.station.call('getConnection', {});
    try {
      this.#profiles = await this.station.value('listProfiles', {});
    } catch (error) {
      handleError(error);
      return;
    }
    const active = await connection;
    if (active.ok) this.#activeId = active.value.profile.id;
    this.#loaded = true;
  }

  /** Follows the station's events; returns the function that stops following them. */
  follow(): () => void {
    return this.station.on('connectionChanged', () => void this.#reload());
  }

  async save(input: ProfileInput): Promise<{ profile: ProfileView } | { errors: Record<string, string> }> {
    const before = input.id === undefined ? undefined : this.#profiles.find((p) => p.id === input.id);
    try {
      const profile = await this.station.value('saveProfile', input);
      this.#put(profile);
      this.#tests.delete(profile.id);
      if (before?.hasSecret === true && !profile.hasSecret) this.#cleared.add(profile.id);
      return { profile };
    } catch (error) {
      return { errors: handleError(error, { shows: isDraftField }) };
    }
  }

  /**
   * Sends a secret to the station's vault. It is only passed on: nothing here keeps it. Says
   * whether it was stored, and whether the vault refused it (a machine without a keychain).
   */
  async setSecret(profileId: string, secret: string, allowPlainText: boolean): Promise<{ stored: boolean; vaultRefused: boolean; message?: string }> {
    return this.#doing(profileId, 'secret', async () => {
      try {
        const profile = await this.station.value('setProfileSecret', { profileId, secret, ...(allowPlainText ? { allowPlainText } : {}) });
        this.#put(profile);
        this.#cleared.delete(profileId);
        this.#tests.delete(profileId);
        return { stored: true, vaultRefused: false };
      } catch (error) {
        const messages = handleError(error, { shows: (path) => path === 'secret' });
        // A refusal of the secret's text (too long…) is said at the field, by the station.
        const message = messages.secret;
        return { stored: false, vaultRefused: error instanceof StationCallError && error.error.code === 'vault', ...(message === undefined ? {} : { message }) };
      }
    });
  }

  async clearSecret(profileId: string): Promise<boolean> {
    return this.#doing(profileId, 'secret', async () => {
      try {
        this.#put(await this.station.value('clearProfileSecret', { profileId }));
        this.#tests.delete(profileId);
        return true;
      } catch (error) {
        handleError(error);
        return false;
      }
    });
  }

  async test(profileId: string): Promise<TestOutcome | undefined> {
    return this.#doing(profileId, 'test', async () => {
      this.#tests.delete(profileId);
      try {
        const result = await this.station.value('testConnection', { profileId });
        const outcome: TestOutcome = { ok: result.ok, words: sentence(result.message), elapsedMs: result.elapsedMs };
        this.#tests.set(profileId, outcome);
        return outcome;
      } catch (error) {
        handleError(error);
        return undefined;
      }
    });
  }

  /** Makes the profile active; the whole desk follows the station's `connectionChanged`. */
  async switchTo(profileId: string): Promise<boolean> {
    return this.#doing(profileId, 'switch', async () => {
      try {
        const info = await this.station.value('switchProfile', { profileId });
        this.#activeId = info.profile.id;
        this.#put(info.profile);
        return true;
      } catch (error) {
        handleError(error);
        return false;
      }
    });
  }

  async delete(profileId: string): Promise<boolean> {
    return this.#doing(profileId, 'delete', async () => {
      try {
        await this.station.value('deleteProfile', { profileId });
        this.#profiles = this.#profiles.filter((p) => p.id !== profileId);
        this.#tests.delete(profileId);
        this.#cleared.delete(profileId);
        return true;
      } catch (error) {
        handleError(error);
        return false;
      }
    });
  }

  #put(profile: ProfileView): void {
    const at = this.#profiles.findIndex((p) => p.id === profile.id);
    this.#profiles = at === -1 ? [...this.#profiles, profile] : this.#profiles.map((p) => (p.id === profile.id ? profile : p));
  }

  async #doing<T>(profileId: string, action: 'test' | 'switch' | 'secret' | 'delete', run: () => Promise<T>): Promise<T> {
    const key = `${profileId}:${action}`;
    this.#busy.add(key);
    try {
      return await run();
    } finally {
      this.#busy.delete(key);
    }
  }
}
