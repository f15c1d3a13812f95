import { describe, expect, it, vi } from 'vitest';
import type { StationEvent } from '../../../electron/api';
import { createSseParser } from '../../../electron/webhost/bridge/sseParser';
import { useWebHost, type WebHostFixture } from './webHostFixture';

const web = useWebHost({ heartbeatMs: 25 });

/** An open event stream read as the bridge reads it: fetch with the token header, then the SSE parser. */
async function openStream(fixture: WebHostFixture, init: { headers?: Record<string, string>; query?: string } = {}) {
  const response = await fetch(`${fixture.webHost.url}api/events${init.query ?? ''}`, { headers: init.headers ?? fixture.authorization() });
  const events: StationEvent[] = [];
  let raw = '';
  let ended = false;
  const feed = createSseParser((data) => events.push(JSON.parse(data) as StationEvent));
  const reader = response.body?.pipeThrough(new TextDecoderStream()).getReader();
  const reading = (async () => {
    if (reader === undefined) return;
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        raw += value;
        feed(value);
      }
    } catch {
      // cancelled by the test
    }
    ended = true;
  })();
  return {
    response,
    events,
    raw: () => raw,
    ended: () => ended,
    async cancel() {
      await reader?.cancel();
      await reading;
    },
  };
}

describe('the event stream', () => {
  it('needs the token: missing or wrong is 401', async () => {
    const missing = await web.send({ method: 'GET', path: '/api/events' });
    expect(missing.status).toBe(401);
    const wrong = await web.send({ method: 'GET', path: '/api/events?token=nope', headers: { Authorization: 'Bearer nope-nope-nope-nope' } });
    expect(wrong.status).toBe(401);
    expect(web.station.listeners.size).toBe(0);
  });

  it('delivers station events in order as SSE data lines, each with an id', async () => {
    const stream = await openStream(web);
    expect(stream.response.status).toBe(200);
    expect(stream.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(stream.response.headers.get('cache-control')).toBe('no-store');
    await vi.waitFor(() => expect(web.station.listeners.size).toBe(1));

    const sent: StationEvent[] = [
      { type: 'connectivity', online: false, reason: 'connection refused' },
      { type: 'connectionChanged', profileId: 'prod-eu' },
      { type: 'outboxIdle', counts: { pending: 0, sending: 0, done: 3, failed: 0, unknown: 0, needs_review: 0, discarded: 0 } },
      { type: 'syncFailed', phase: 'tracking', message: 'line one\nline two' },
    ];
    for (const event of sent) web.station.emit(event);
    await vi.waitFor(() => expect(stream.events).toHaveLength(sent.length));
    expect(stream.events).toEqual(sent);
    expect(stream.raw()).toMatch(/^retry: 2000\n/);
    expect(stream.raw()).toMatch(/id: \d+\ndata: \{"type":"connectivity","online":false,"reason":"connection refused"\}\n\n/);

    await stream.cancel();
  });

  it('sends heartbeat comments on an idle stream', async () => {
    const stream = await openStream(web);
    await vi.waitFor(() => expect(stream.raw()).toContain(': heartbeat\n\n'));
    expect(stream.events).toEqual([]);
    await stream.cancel();
  });

  it('accepts the token in the query for EventSource clients', async () => {
    const stream = await openStream(web, { headers: {}, query: `?token=${web.webHost.token}` });
    expect(stream.response.status).toBe(200);
    await stream.cancel();
  });

  it('unsubscribes a client from the station when it goes away', async () => {
    await vi.waitFor(() => expect(web.station.listeners.size).toBe(0));
    const first = await openStream(web);
    const second = await openStream(web);
    await vi.waitFor(() => expect(web.station.listeners.size).toBe(2));
    await first.cancel();
    await vi.waitFor(() => expect(web.station.listeners.size).toBe(1));
    web.station.emit({ type: 'blocked', message: 'credentials refused' });
    await vi.waitFor(() => expect(second.events).toEqual([{ type: 'blocked', message: 'credentials refused' }]));
    await second.cancel();
    await vi.waitFor(() => expect(web.station.listeners.size).toBe(0));
  });
});

describe('closing the web host', () => {
  const closing = useWebHost();

  it('ends open event streams, unsubscribes them and stops listening', async () => {
    const stream = await openStream(closing);
    await vi.waitFor(() => expect(closing.station.listeners.size).toBe(1));
    await closing.webHost.close();
    await vi.waitFor(() => expect(stream.ended()).toBe(true));
    expect(closing.station.listeners.size).toBe(0);
    await expect(fetch(closing.webHost.url)).rejects.toThrow();
    // Closing twice is harmless.
    await closing.webHost.close();
  });
});
