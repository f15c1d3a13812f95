/**
 * A production connection's secrets stay in the vault. The desk signs in with OAuth client
 * credentials against a standalone sandbox whose client secret is a fresh random string; a
 * small recording forwarder on 127.0.0.1 sits in front of the sandbox's token endpoint (the
 * profile's auth URL points at it) and keeps every access token the sandbox hands out. After
 * the desk has shipped and printed with that connection, neither the secret nor any token may
 * appear in the data folder (any file, the SQLite files with their -wal and -shm, profiles.json,
 * the vault's files), the station's log, or anything the web host sent the client.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../../electron/sandbox/sandbox';
import type { StationHarness } from '../../support/stationHarness';
import { startStationHarness } from '../../support/stationHarness';
import { requestKey, shipment } from '../../support/shipments';
import { encodingsOf } from '../../support/leaks';
import { startTokenRecorder, type TokenRecorder } from '../../support/tokenRecorder';

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(entry.parentPath, entry.name);
    return entry.isDirectory() ? filesUnder(full) : entry.isFile() ? [full] : [];
  });
}

let station: StationHarness;
let sandbox: RunningSandbox;
let recorder: TokenRecorder;
const CLIENT_ID = 'secrets-desk';
// Unique per run, and long enough that finding it anywhere means it was written there.
const SECRET = `pb-client-secret-${randomBytes(24).toString('base64url')}`;
let profileId = '';

beforeAll(async () => {
  station = await startStationHarness();
  sandbox = await station.startServiceSandbox({ credentials: { clientId: CLIENT_ID, clientSecret: SECRET } });
  recorder = await startTokenRecorder(sandbox.authUrl, SECRET);
});

afterAll(async () => {
  await recorder?.close();
  await station?.close();
});

describe('a production OAuth connection', () => {
  it('signs in with the secret set through the API, ships and prints', async () => {
    const saved = await station.value('saveProfile', { name: 'Production', baseUrl: sandbox.baseUrl, authUrl: recorder.url, method: 'oauth', clientId: CLIENT_ID, tier: 'Premium' });
    profileId = saved.id;
    expect(saved.hasSecret).toBe(false);
    expect((await station.value('setProfileSecret', { profileId, secret: SECRET })).hasSecret).toBe(true);
    expect(await station.value('testConnection', { profileId })).toMatchObject({ ok: true });

    const switched = await station.value('switchProfile', { profileId });
    expect(switched.profile.id).toBe(profileId);
    // Each connection keeps its own settings: the label printer is chosen again for this one.
    await station.value('setPrinterMap', { labelPrinter: station.labelQueue });

    const from = station.events.length;
    const refs: string[] = [];
    for (const n of [1, 2, 3]) refs.push((await station.value('ship', { shipment: shipment({ references: { orderNumber: `SO-SECRET-${n}` } }), requestKey: requestKey() })).stationRef);
    for (const ref of refs) {
      await station.waitForEvent('outboxItem', (e) => e.stationRef === ref && e.kind === 'createShipment' && e.state === 'done', from);
      const labels = await station.waitForEvent('labelsReady', (e) => e.stationRef === ref, from);
      await station.waitForEvent('printJob', (e) => e.state === 'completed' && labels.printJobIds.every((id) => e.ids.includes(id)), from);
    }
    const detail = await station.value('getShipment', { stationRef: refs[0] ?? '' });
    expect(detail.shipment.serviceId).toMatch(/^shp_/);
    expect(detail.printJobs.map((job) => job.state)).toEqual(['completed']);
    await station.value('trackShipments', { stationRefs: refs });
    await station.value('searchRemoteShipments', { request: { searchTerm: 'SO-SECRET', pageNumber: 1, pageSize: 10 } });

    // The desk did sign in through the recorder, with the secret, and got tokens back.
    expect(recorder.requestsWithSecret()).toBeGreaterThanOrEqual(2);
    expect(recorder.tokens.length).toBeGreaterThanOrEqual(2);
  });

  it('shows that a secret is stored, never the secret', async () => {
    const profiles = await station.value('listProfiles', {});
    const profile = profiles.find((p) => p.id === profileId);
    expect(profile).toMatchObject({ hasSecret: true, clientId: CLIENT_ID });
    expect(Object.keys(profile ?? {}).sort()).toEqual(['authUrl', 'baseUrl', 'clientId', 'hasSecret', 'id', 'kind', 'method', 'name', 'requestsPerMinute', 'tier', 'warnings']);
    const connection = await station.value('getConnection', {});
    expect(connection.profile).toMatchObject({ id: profileId, hasSecret: true });
    expect(connection.problem).toBeUndefined();
    expect(JSON.stringify([profiles, connection])).not.toContain(SECRET);
  });

  it('leaves neither the secret nor any access token in the data folder, the log, or what the client received', () => {
    const needles = [
      ...encodingsOf(SECRET).map(({ name, bytes }) => ({ what: `the client secret (${name})`, bytes, plain: name === 'utf-8' || name === 'utf-16le' })),
      ...recorder.tokens.flatMap((token, i) => encodingsOf(token).map(({ name, bytes }) => ({ what: `access token ${i + 1} (${name})`, bytes, plain: name === 'utf-8' || name === 'utf-16le' }))),
    ];
    const vaultDir = path.join(station.dataDir, 'vault');
    const files = filesUnder(station.dataDir);
    // The scan sees what it must: profiles, both stores with their WAL files, and the vault.
    const names = files.map((file) => path.relative(station.dataDir, file));
    expect(names).toEqual(expect.arrayContaining(['profiles.json', 'vault/secrets.json', 'vault/vault.key', `profiles/${profileId}/station.sqlite`, `profiles/${profileId}/station.sqlite-wal`, `profiles/${profileId}/station.sqlite-shm`, 'profiles/sandbox/station.sqlite']));

    const leaks: string[] = [];
    for (const file of files) {
      const bytes = readFileSync(file);
      for (const needle of needles) {
        // Encoded forms are looked for outside the vault's ciphertext, where base64 text is expected and proves nothing.
        if (!needle.plain && file.startsWith(`${vaultDir}${path.sep}`)) continue;
        if (bytes.includes(needle.bytes)) leaks.push(`${needle.what} in ${path.relative(station.dataDir, file)}`);
      }
    }
    const texts: [string, string][] = [
      ['the station log', station.logLines.join('\n')],
      ['the API responses', station.responseTexts.join('\n')],
      ['the event stream', station.eventStreamText()],
    ];
    for (const [where, text] of texts) {
      const bytes = Buffer.from(text, 'utf8');
      for (const needle of needles) if (bytes.includes(needle.bytes)) leaks.push(`${needle.what} in ${where}`);
    }
    expect(leaks).toEqual([]);
    // What was scanned is not empty: the desk did talk and log.
    expect(station.logLines.some((line) => line.startsWith('createShipment POST'))).toBe(true);
    expect(station.responseTexts.length).toBeGreaterThan(10);
    expect(station.eventStreamText()).toContain('"labelsReady"');
  });
});
