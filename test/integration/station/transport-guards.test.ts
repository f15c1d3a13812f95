/**
 * The web host's guards in front of the real station: a request without the token, with a
 * wrong one, addressed to another host name (DNS rebinding) or sent from another origin is
 * refused, and the station never sees it: no shipment queued, no setting or profile changed,
 * no event sent, nothing logged.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RawAnswer } from '../../support/rawHttp';
import type { StationHarness } from '../../support/stationHarness';
import { startStationHarness } from '../../support/stationHarness';
import { requestKey, shipment } from '../../support/shipments';

let station: StationHarness;

beforeAll(async () => {
  station = await startStationHarness();
  // Wait until the sandbox answered, so the only events left are those a request could cause.
  await station.waitFor(async () => {
    const answer = await station.value('getConnection', {});
    return answer.online ? answer : undefined;
  }, 'the sandbox to be online');
});

afterAll(async () => {
  await station?.close();
});

const ORDER = 'SO-GUARD-1';

/** Requests that would change the station if they got through. */
function attempts(): { method: string; body: string }[] {
  return [
    { method: 'ship', body: JSON.stringify({ shipment: shipment({ references: { orderNumber: ORDER } }), requestKey: requestKey() }) },
    { method: 'updateSettings', body: JSON.stringify({ deskId: 'INTRUDER' }) },
    { method: 'saveProfile', body: JSON.stringify({ name: 'Intruder', baseUrl: 'http://127.0.0.1:9/', authUrl: 'http://127.0.0.1:9/', method: 'apiKey', tier: 'Standard' }) },
    { method: 'setPrinterMap', body: JSON.stringify({ labelPrinter: 'intruder' }) },
    { method: 'printTestPage', body: JSON.stringify({ printer: 'label4x6' }) },
  ];
}

interface Snapshot {
  readonly outbox: number;
  readonly found: number;
  readonly deskId: string;
  readonly profiles: readonly string[];
  readonly labelPrinter: string | null;
  readonly events: number;
}

async function snapshot(): Promise<Snapshot> {
  const [outbox, found, settings, profiles, setup] = await Promise.all([
    station.value('listOutbox', { limit: 1000 }),
    station.value('searchLocalShipments', { text: ORDER }),
    station.value('getSettings', {}),
    station.value('listProfiles', {}),
    station.value('getPrinterSetup', {}),
  ]);
  return {
    outbox: outbox.length,
    found: found.results.length,
    deskId: settings.deskId,
    profiles: profiles.map((p) => p.id),
    labelPrinter: setup.labelPrinter,
    events: station.events.length,
  };
}

/** Sends every attempt with `headers` and checks each was refused with `status`; then nothing changed. */
async function expectRefused(headers: Record<string, string>, status: number): Promise<RawAnswer[]> {
  const before = await snapshot();
  const eventsFrom = station.events.length;
  const logFrom = station.logLines.length;
  const answers: RawAnswer[] = [];
  for (const attempt of attempts()) {
    const answer = await station.post(attempt.method, attempt.body, headers);
    expect(answer.status, `${attempt.method} with ${JSON.stringify(headers)}`).toBe(status);
    answers.push(answer);
  }
  // A barrier instead of a sleep: events arrive in order, so anything the refused requests had
  // caused would be on the stream before this test page's events.
  const barrier = await station.value('printTestPage', { printer: station.labelQueue });
  await station.waitForEvent('printJob', (e) => e.jobId === barrier.jobId && e.state === 'completed', eventsFrom);
  // The station's own loops say when the outbox is idle and when a printer's state changes (the
  // barrier's page makes the label printer busy for a moment): those come whatever the requests.
  const ownTime = new Set(['outboxIdle', 'printerState']);
  expect(station.events.slice(eventsFrom).filter((e) => !ownTime.has(e.type) && !(e.type === 'printJob' && e.jobId === barrier.jobId))).toEqual([]);

  const after = await snapshot();
  expect(after).toEqual({ ...before, events: after.events });
  expect(before).toMatchObject({ found: 0, deskId: 'DESK1', profiles: ['sandbox'], labelPrinter: station.labelQueue });
  // The only thing the station may have logged meanwhile is its own idle probe of the service.
  expect(station.logLines.slice(logFrom).filter((line) => !line.startsWith('getLocations GET '))).toEqual([]);
  return answers;
}

describe('the web host in front of the station refuses', () => {
  it('a request without the token (401)', async () => {
    const answers = await expectRefused({ Authorization: '' }, 401);
    for (const answer of answers) expect(answer.body).toMatchObject({ ok: false, error: { code: 'permission' } });
  });

  it('a request with a wrong token (401)', async () => {
    const token = station.webHost.token;
    const lastChanged = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const wrong of [lastChanged, `${token}x`, token.slice(1), 'A'.repeat(43)]) {
      await expectRefused({ Authorization: `Bearer ${wrong}` }, 401);
    }
    await expectRefused({ Authorization: token }, 401);
    // The token in the query is for the event stream only, never for methods.
    const answer = await station.post(`ship?token=${station.webHost.token}`, attempts()[0]?.body, { Authorization: '' });
    expect(answer.status).toBe(401);
  });

  it('a request addressed to another host name, even with the right token (421)', async () => {
    const port = station.webHost.port;
    for (const host of [`evil.example:${port}`, `127.0.0.1.nip.io:${port}`, `127.0.0.1:${port + 1}`, `[::1]:${port}`]) {
      const answers = await expectRefused({ Host: host }, 421);
      for (const answer of answers) expect(answer.text).not.toMatch(/sandbox|DESK1/i);
    }
  });

  it('a request from another origin, even with the right token (403)', async () => {
    const port = station.webHost.port;
    for (const origin of ['https://evil.example', `http://127.0.0.1:${port + 1}`, 'null']) {
      const answers = await expectRefused({ Origin: origin }, 403);
      for (const answer of answers) expect(answer.body).toMatchObject({ ok: false, error: { code: 'permission' } });
    }
    await expectRefused({ 'Sec-Fetch-Site': 'cross-site' }, 403);
  });

  it('the event stream without the token, with a wrong one, or from another origin', async () => {
    const url = `${station.webHost.url}api/events`;
    expect((await fetch(url)).status).toBe(401);
    expect((await fetch(url, { headers: { Authorization: `Bearer ${'C'.repeat(43)}` } })).status).toBe(401);
    expect((await fetch(`${url}?token=${'C'.repeat(43)}`)).status).toBe(401);
    expect((await fetch(url, { headers: { Authorization: `Bearer ${station.webHost.token}`, Origin: 'https://evil.example' } })).status).toBe(403);
  });

  it('and the same request with the token gets through (the guards are what stopped the others)', async () => {
    const from = station.events.length;
    const answer = await station.post('ship', attempts()[0]?.body);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ ok: true, value: { status: 'queued' } });
    await station.waitForEvent('outboxItem', (e) => e.kind === 'createShipment' && e.state === 'done', from);
    expect((await station.value('searchLocalShipments', { text: ORDER })).results).toHaveLength(1);
  });
});
