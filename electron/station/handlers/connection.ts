/** Connection profiles: read, add or change, test, switch, and their secrets (set or clear, never read). */
import { performance } from 'node:perf_hooks';
import type { ConnectionInfo, ProfileView, StationHandlers } from '../../api';
import { ServiceClient } from '../../service/client/client';
import { StationError } from '../../api';
import { profileWarnings, secretName, type StoredProfile } from '../profiles';
import type { StationContext } from '../context';
import { messageOf } from '../../base/errors';

type ConnectionMethods = 'getConnection' | 'listProfiles' | 'saveProfile' | 'deleteProfile' | 'setProfileSecret' | 'clearProfileSecret' | 'testConnection' | 'switchProfile';

function known(station: StationContext, profileId: string): StoredProfile {
  const profile = station.registry.get(profileId);
  if (profile === undefined) throw new StationError('notFound', `there is no connection profile "${profileId}"`, [{ field: 'profileId', message: 'profileId names no profile' }]);
  return profile;
}

function production(station: StationContext, profileId: string): StoredProfile {
  const profile = known(station, profileId);
  if (profile.kind === 'sandbox') throw new StationError('conflict', 'the sandbox signs in by itself: it has no secret to set or clear');
  return profile;
}

export async function profileView(station: StationContext, stored: StoredProfile): Promise<ProfileView> {
  const profile = await station.resolve(stored);
  const hasSecret = profile.kind === 'sandbox' || (await station.vault.has(secretName(profile.id)));
  return {
    id: profile.id,
    kind: profile.kind,
    name: profile.name,
    baseUrl: profile.baseUrl,
    authUrl: profile.authUrl,
    method: profile.method,
    ...(profile.clientId === undefined ? {} : { clientId: profile.clientId }),
    tier: profile.tier,
    requestsPerMinute: profile.requestsPerMinute,
    hasSecret,
    warnings: profileWarnings(profile),
  };
}

async function connectionInfo(station: StationContext): Promise<ConnectionInfo> {
  const connection = station.connection();
  const problem = connection.problem ?? connection.refusedCredentials;
  return {
    profile: await profileView(station, connection.profile),
    online: connection.online,
    reason: connection.reason,
    ...(problem === undefined ? {} : { problem }),
    ...(connection.notice === undefined ? {} : { notice: connection.notice }),
    outbox: connection.store.read.outboxCounts(),
  };
}

/** Whether a change to a profile voids its stored secret: another way of signing in, or another service. */
function secretNoLongerFits(before: StoredProfile, after: { method: string; baseUrl: string; authUrl: string }): boolean {
  return before.method !== after.method || before.baseUrl !== after.baseUrl || before.authUrl !== after.authUrl;
}

/** A profile whose sign-in changed is reopened at once if it is the active one, so the change takes effect. */
async function reopenIfActive(station: StationContext, profileId: string): Promise<void> {
  if (station.registry.activeId === profileId) await station.activate(profileId);
}

export function connectionHandlers(station: StationContext): Pick<StationHandlers, ConnectionMethods> {
  return {
    getConnection: () => connectionInfo(station),
    listProfiles: () => Promise.all(station.registry.list().map((profile) => profileView(station, profile))),
    saveProfile: async (input) => {
      const before = station.registry.check(input);
      // A secret belongs to a way of signing in and to the addresses it was entered for: an API
      // key is no client secret, and a key must never follow a profile to another server. It is
      // cleared before the new addresses are saved, so a failure between the two sends nothing.
      if (before !== undefined && secretNoLongerFits(before, input)) await station.vault.delete(secretName(before.id));
      const saved = station.registry.save(input);
      await reopenIfActive(station, saved.id);
      return profileView(station, saved);
    },
    deleteProfile: async ({ profileId }) => {
      known(station, profileId);
      station.registry.delete(profileId);
      await station.vault.delete(secretName(profileId));
      return { deleted: true };
    },
    setProfileSecret: async ({ profileId, secret, allowPlainText }) => {
      const profile = production(station, profileId);
      await station.vault.set(secretName(profileId), secret, allowPlainText === undefined ? {} : { allowPlainText });
      await reopenIfActive(station, profileId);
      return profileView(station, profile);
    },
    clearProfileSecret: async ({ profileId }) => {
      const profile = production(station, profileId);
      await station.vault.delete(secretName(profileId));
      await reopenIfActive(station, profileId);
      return profileView(station, profile);
    },
    testConnection: async ({ profileId }) => {
      const profile = await station.resolve(known(station, profileId ?? station.registry.activeId));
      const auth = await station.authFor(profile);
      if ('problem' in auth) return { ok: false, message: auth.problem, elapsedMs: 0 };
      // A client of its own: a test must not count towards the active connection's state or limits.
      const client = new ServiceClient({ baseUrl: profile.baseUrl, authUrl: profile.authUrl, auth, requestsPerMinute: profile.requestsPerMinute, retry: { maxAttempts: 1 } });
      const started = performance.now();
      try {
        await client.getLocations({ Page: 1, Limit: 1 });
        return { ok: true, message: `signed in to ${profile.baseUrl} and read locations`, elapsedMs: Math.round(performance.now() - started) };
      } catch (error) {
        return { ok: false, message: messageOf(error), elapsedMs: Math.round(performance.now() - started) };
      } finally {
        client.close();
      }
    },
    switchProfile: async ({ profileId }) => {
      known(station, profileId);
      await station.activate(profileId);
      return connectionInfo(station);
    },
  };
}
