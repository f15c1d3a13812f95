/**
 * The connection profiles of this desk and which one is active, kept in `profiles.json` in the
 * data folder (0600, replaced atomically). The built-in sandbox profile is always there and is
 * never written to the file: its addresses exist only while the embedded sandbox runs, and the
 * station fills them in. Secrets are not profile fields at all: they live in the vault under
 * `secretName(id)`, so the file can be read, copied or attached to a support request safely.
 *
 * A damaged file is moved aside (kept, for support) and the registry starts again with the
 * sandbox active: a desk must always open, and an admin can re-enter a production profile.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as z from 'zod';
import type { ApiFieldError, AuthMethodName } from '../api';
import { AUTH_METHODS, ProductionProfileInput, SANDBOX_PROFILE_ID, TIERS, StationError } from '../api';
import { describeIssues } from '../service/contract';
import { quarantineCorruptStore } from '../store';
import { ensurePrivateDirSync, writePrivateFileSync } from '../platform/privateFiles';

export interface StoredProfile {
  id: string;
  kind: 'sandbox' | 'production';
  name: string;
  baseUrl: string;
  authUrl: string;
  method: AuthMethodName;
  clientId?: string;
  tier: 'Standard' | 'Premium' | 'custom';
  requestsPerMinute: number;
}

export const PROFILES_FILE = 'profiles.json';

/** The built-in profile; its URLs (empty here) and limit are the embedded sandbox's, filled in when it runs. */
export const SANDBOX_PROFILE: Readonly<StoredProfile> = Object.freeze({
  id: SANDBOX_PROFILE_ID,
  kind: 'sandbox',
  name: 'Sandbox',
  baseUrl: '',
  authUrl: '',
  method: 'apiKey',
  tier: 'Standard',
  requestsPerMinute: TIERS.Standard,
});

const FORMAT = 'packbench-profiles';

const StoredProductionProfile = z.object({
  id: z.string().regex(/^[a-z0-9-]{1,40}$/).refine((id) => id !== SANDBOX_PROFILE_ID, 'is reserved for the built-in sandbox'),
  kind: z.literal('production'),
  name: ProductionProfileInput.shape.name,
  baseUrl: ProductionProfileInput.shape.baseUrl,
  authUrl: ProductionProfileInput.shape.authUrl,
  method: z.enum(AUTH_METHODS),
  clientId: ProductionProfileInput.shape.clientId,
  tier: ProductionProfileInput.shape.tier,
  requestsPerMinute: z.number().int().min(1).max(100_000),
});

const ProfilesDocument = z.object({
  format: z.literal(FORMAT),
  version: z.literal(1),
  activeId: z.string(),
  profiles: z.array(StoredProductionProfile).refine((profiles) => new Set(profiles.map((p) => p.id)).size === profiles.length, 'names a profile id twice'),
});

interface RegistryState {
  readonly activeId: string;
  /** Production profiles only, in the order they were added. */
  readonly profiles: readonly StoredProfile[];
}

export interface ProfileRegistryOptions {
  /** Where the registry says it replaced a damaged file (the station's log). */
  readonly log?: (line: string) => void;
  readonly now?: () => number;
}

export function secretName(profileId: string): string {
  return `profile:${profileId}`;
}

/** "Acme Warehouse (prod)" → "acme-warehouse-prod-3f9a2c": readable in folder names and logs, unique by its suffix. */
function newProfileId(name: string, taken: (id: string) => boolean): string {
  const slug =
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 32)
      .replace(/-+$/, '') || 'profile';
  for (;;) {
    const id = `${slug}-${randomBytes(3).toString('hex')}`;
    if (!taken(id)) return id;
  }
}

function copy(profile: Readonly<StoredProfile>): StoredProfile {
  return { ...profile };
}

function isPlainHttp(url: string): boolean {
  try {
    return new URL(url).protocol === 'http:';
  } catch {
    return false;
  }
}

/** Things an admin should know about a profile; none for the sandbox. */
export function profileWarnings(profile: StoredProfile): string[] {
  const warnings: string[] = [];
  if (profile.method === 'bearer') {
    warnings.push('The bearer-token sign-in is deprecated by the service: switch to an API key or OAuth client credentials');
  }
  if (profile.kind === 'production' && isPlainHttp(profile.baseUrl)) {
    warnings.push('The base URL uses http, not https: requests and their credentials cross the network unencrypted');
  }
  if (profile.kind === 'production' && profile.method === 'oauth' && isPlainHttp(profile.authUrl)) {
    warnings.push('The auth URL uses http, not https: the client secret crosses the network unencrypted');
  }
  return warnings;
}

export class ProfileRegistry {
  private state: RegistryState;

  private constructor(
    private readonly file: string,
    state: RegistryState,
    /** Set when `open` found the file damaged: where the old one went and why. */
    readonly recovered: { readonly movedTo: string; readonly reason: string } | undefined,
  ) {
    this.state = state;
  }

  static open(dataDir: string, options: ProfileRegistryOptions = {}): ProfileRegistry {
    const log = options.log ?? (() => undefined);
    ensurePrivateDirSync(dataDir);
    const file = path.join(dataDir, PROFILES_FILE);
    const loaded = ProfileRegistry.load(file);
    let recovered: ProfileRegistry['recovered'];
    let state: RegistryState;
    if (loaded.kind === 'ok') {
      state = loaded.state;
    } else {
      if (loaded.kind === 'damaged') {
        const movedTo = quarantineCorruptStore(file, (options.now ?? Date.now)());
        recovered = { movedTo, reason: loaded.reason };
        log(`${file} is damaged (${loaded.reason}): it was moved to ${movedTo} and the profiles start again with the sandbox active; re-enter the production profiles`);
      }
      state = { activeId: SANDBOX_PROFILE_ID, profiles: [] };
    }
    if (state.activeId !== SANDBOX_PROFILE_ID && !state.profiles.some((p) => p.id === state.activeId)) {
      log(`${file} names an active profile "${state.activeId.slice(0, 80)}" that does not exist: the sandbox is active instead`);
      state = { ...state, activeId: SANDBOX_PROFILE_ID };
    }
    const registry = new ProfileRegistry(file, state, recovered);
    if (loaded.kind !== 'ok' || state !== loaded.state) registry.write(state);
    return registry;
  }

  private static load(file: string): { kind: 'ok'; state: RegistryState } | { kind: 'missing' } | { kind: 'damaged'; reason: string } {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (error) {
      // Only a missing file starts afresh; one that cannot be read (permissions) must not be replaced.
      if (error instanceof Error && 'code' in error && error.code === 'ENOENT') return { kind: 'missing' };
      throw error;
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return { kind: 'damaged', reason: 'not valid JSON' };
    }
    const parsed = ProfilesDocument.safeParse(json);
    if (!parsed.success) return { kind: 'damaged', reason: describeIssues(parsed.error)[0]?.message ?? 'not a profiles file' };
    return { kind: 'ok', state: { activeId: parsed.data.activeId, profiles: parsed.data.profiles } };
  }

  private write(state: RegistryState): void {
    const doc = { format: FORMAT, version: 1, activeId: state.activeId, profiles: [...state.profiles] };
    writePrivateFileSync(this.file, `${JSON.stringify(doc, null, 2)}\n`);
  }

  /** Writes first and changes memory only once the file holds the new state, so a failed write changes nothing. */
  private commit(state: RegistryState): void {
    this.write(state);
    this.state = state;
  }

  /** The sandbox first, then the production profiles in the order they were added. */
  list(): StoredProfile[] {
    return [copy(SANDBOX_PROFILE), ...this.state.profiles.map(copy)];
  }

  get(id: string): StoredProfile | undefined {
    if (id === SANDBOX_PROFILE_ID) return copy(SANDBOX_PROFILE);
    const found = this.state.profiles.find((p) => p.id === id);
    return found === undefined ? undefined : copy(found);
  }

  get activeId(): string {
    return this.state.activeId;
  }

  /** Throws what `save` would refuse `input` for, and changes nothing; the profile it would change, if any. */
  check(input: z.output<typeof ProductionProfileInput>): StoredProfile | undefined {
    if (input.id === SANDBOX_PROFILE_ID) {
      throw new StationError('conflict', 'the sandbox profile is built in and cannot be changed: add a production profile instead', [{ field: 'id', message: 'id names the built-in sandbox' }]);
    }
    const existing = input.id === undefined ? undefined : this.state.profiles.find((p) => p.id === input.id);
    if (input.id !== undefined && existing === undefined) {
      throw new StationError('notFound', `there is no connection profile "${input.id}" to change: leave id out to add a new one`, [{ field: 'id', message: 'id names no profile' }]);
    }
    const fields = this.problems(input, existing?.id);
    if (fields.length > 0) throw new StationError('invalidInput', `the profile cannot be saved: ${fields.map((f) => f.message).join('; ')}`, fields);
    return existing === undefined ? undefined : copy(existing);
  }

  /** Adds a production profile (no `id`) or changes one (its `id`); the answer is the profile as stored. */
  save(input: z.output<typeof ProductionProfileInput>): StoredProfile {
    const existing = this.check(input);

    const id = existing?.id ?? newProfileId(input.name, (candidate) => candidate === SANDBOX_PROFILE_ID || this.state.profiles.some((p) => p.id === candidate));
    const profile: StoredProfile = {
      id,
      kind: 'production',
      name: input.name,
      baseUrl: input.baseUrl,
      authUrl: input.authUrl,
      method: input.method,
      ...(input.clientId === undefined ? {} : { clientId: input.clientId }),
      tier: input.tier,
      requestsPerMinute: input.tier === 'custom' ? (input.requestsPerMinute ?? 0) : TIERS[input.tier],
    };
    const profiles = existing === undefined ? [...this.state.profiles, profile] : this.state.profiles.map((p) => (p.id === id ? profile : p));
    this.commit({ ...this.state, profiles });
    return copy(profile);
  }

  /** What is wrong with an input beyond its schema, one entry per field. */
  private problems(input: z.output<typeof ProductionProfileInput>, ownId: string | undefined): ApiFieldError[] {
    const fields: ApiFieldError[] = [];
    if (input.tier === 'custom' && input.requestsPerMinute === undefined) {
      fields.push({ field: 'requestsPerMinute', message: 'requestsPerMinute is required with tier "custom": the requests per minute of the contract' });
    }
    if (input.tier !== 'custom' && input.requestsPerMinute !== undefined) {
      fields.push({
        field: 'requestsPerMinute',
        message: `requestsPerMinute comes from tier "${input.tier}" (${TIERS[input.tier]} per minute): leave it out, or choose tier "custom" to enter another limit`,
      });
    }
    if (input.method !== 'apiKey' && input.clientId === undefined) {
      const what = input.method === 'oauth' ? 'the OAuth client id' : 'the user name of the bearer-token sign-in';
      fields.push({ field: 'clientId', message: `clientId is required with the ${input.method} method: ${what}` });
    }
    if (input.method === 'apiKey' && input.clientId !== undefined) {
      fields.push({ field: 'clientId', message: 'clientId is not used with an API key: leave it out' });
    }
    const sameName = (other: string): boolean => other.localeCompare(input.name, undefined, { sensitivity: 'accent' }) === 0;
    if (sameName(SANDBOX_PROFILE.name) || this.state.profiles.some((p) => p.id !== ownId && sameName(p.name))) {
      fields.push({ field: 'name', message: `name "${input.name}" is already used by another profile: choose another` });
    }
    return fields;
  }

  /** Removes a production profile. The caller clears its secret from the vault. */
  delete(id: string): void {
    if (id === SANDBOX_PROFILE_ID) throw new StationError('conflict', 'the sandbox profile is built in and cannot be deleted', [{ field: 'profileId', message: 'profileId names the built-in sandbox' }]);
    const profile = this.state.profiles.find((p) => p.id === id);
    if (profile === undefined) throw new StationError('notFound', `there is no connection profile "${id}"`, [{ field: 'profileId', message: 'profileId names no profile' }]);
    if (id === this.state.activeId) {
      throw new StationError('conflict', `"${profile.name}" is the active connection: switch to another profile before deleting it`, [{ field: 'profileId', message: 'profileId names the active profile' }]);
    }
    this.commit({ ...this.state, profiles: this.state.profiles.filter((p) => p.id !== id) });
  }

  setActive(id: string): void {
    if (this.get(id) === undefined) throw new StationError('notFound', `there is no connection profile "${id}"`, [{ field: 'profileId', message: 'profileId names no profile' }]);
    if (id === this.state.activeId) return;
    this.commit({ ...this.state, activeId: id });
  }
}
