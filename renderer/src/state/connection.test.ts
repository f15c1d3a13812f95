/**
 * The header's connection: read from the station, kept current by its events, a decision the
 * station made while a read was on its way kept over the read, and the page's own loss of the
 * station said once for good.
 */
import { describe, expect, it, vi } from 'vitest';
import { FakeStation, refusal } from '../testing/fakeStation';
import { connectionInfo, counts } from '../testing/records';
import { ConnectionState } from './connection.svelte';

function connected(info = connectionInfo()) {
  const station = new FakeStation().answer('getConnection', () => info);
  return { station, connection: new ConnectionState(station) };
}

describe('the connection', () => {
  it('is read from the station: online, and the work waiting and needing a person counted from the outbox', async () => {
    const { connection } = connected(connectionInfo({ outbox: counts({ pending: 2, sending: 1, unknown: 1, failed: 3, needs_review: 1, done: 50 }) }));
    expect(connection.online).toBe(false);
    await connection.load();
    expect(connection.online).toBe(true);
    expect(connection.waiting).toBe(4);
    expect(connection.needsAttention).toBe(4);
    expect(connection.problem).toBeUndefined();
  });

  it('says why it could not even be read, in the station’s words without advice about the service, until a read succeeds', async () => {
    const { station, connection } = connected();
    station.answer('getConnection', () => {
      throw refusal('permission', 'This page has no access key for the station. Open the address the station printed (it ends with #token=…).');
    });
    await connection.load();
    expect(connection.problem).toBe('This page has no access key for the station. Open the address the station printed (it ends with #token=…).');
    station.answer('getConnection', () => connectionInfo());
    await connection.load();
    expect(connection.problem).toBeUndefined();
  });

  it('follows connectivity and the outbox’s counts from events, and reads again when an item moves', async () => {
    const { station, connection } = connected();
    await connection.load();
    const stop = connection.follow();
    station.emit({ type: 'connectivity', online: false, reason: 'connection refused' });
    expect(connection.online).toBe(false);
    expect(connection.info?.reason).toBe('connection refused');
    station.emit({ type: 'outboxIdle', counts: counts({ failed: 2 }) });
    expect(connection.needsAttention).toBe(2);

    const reads = station.inputsOf('getConnection').length;
    station.emit({ type: 'outboxItem', id: 1, stationRef: 'PB-DESK1-0001', kind: 'createShipment', state: 'done' });
    await vi.waitFor(() => expect(station.inputsOf('getConnection').length).toBe(reads + 1));
    stop();
    expect(station.listening).toBe(0);
  });

  it('keeps the station’s online decision made while a read was on its way over what the read says', async () => {
    const { station, connection } = connected(connectionInfo({ online: true, reason: 'service answered' }));
    await connection.load();
    connection.follow();
    const held = station.holdAnswers();
    const reading = connection.load();
    station.emit({ type: 'connectivity', online: false, reason: 'timed out' });
    held.releaseAll();
    await reading;
    expect(connection.online).toBe(false);
    expect(connection.info?.reason).toBe('timed out');
  });

  it('a page that lost its station says so, and a restart is the last word over a stop', () => {
    const { station, connection } = connected();
    connection.follow();
    station.emit({ type: 'stationLost', reason: 'stopped' });
    expect(connection.lost).toBe('stopped');
    station.emit({ type: 'stationLost', reason: 'restarted' });
    station.emit({ type: 'stationLost', reason: 'stopped' });
    expect(connection.lost).toBe('restarted');
  });
});
