/**
 * Big and bad order files through the whole station, reached over the web host as the browser
 * reaches it: a file sent in pieces of 512 KiB (each body under the transports' 1 MB bound) is
 * previewed and imported in a worker thread while the station goes on answering other calls (the
 * answers arrive before the reading ends) and reports its progress; a reading and an import can be
 * cancelled (the import says, and keeps, what it stored); pieces out of order, past the file's size
 * or of a file not all sent are refused in words; a Windows-1252 file is read as such and said to be
 * a guess; columns named like object properties and a 300-character order number get words, not
 * `internal`; and the file that used to take the host down (a header and 10 million short rows) is
 * refused at the row limit while the station answers throughout.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_FILE_LIMITS, ORDER_FILE_PIECE_BYTES } from '../../../electron/api';
import { ordersCsv } from '../../support/orderFiles';
import { startStationHarness, type StationHarness } from '../../support/stationHarness';

let station: StationHarness;

beforeAll(async () => {
  station = await startStationHarness();
});

afterAll(async () => {
  await station?.close();
});

/** Sends a file to the station in pieces, as the Orders screen does; its id. */
async function send(name: string, bytes: Buffer): Promise<string> {
  const { fileId } = await station.value('openOrderFile', { name, size: bytes.length });
  for (let offset = 0; offset < bytes.length; offset += ORDER_FILE_PIECE_BYTES) {
    const piece = bytes.subarray(offset, offset + ORDER_FILE_PIECE_BYTES);
    const answer = await station.value('appendOrderFile', { fileId, offset, data: piece.toString('base64') });
    expect(answer).toEqual({ received: offset + piece.length, complete: offset + piece.length === bytes.length });
  }
  return fileId;
}

/**
 * A desk's screen asks the station something every so often, not back to back: asking without a
 * pause would take a core from the reading it is meant to watch.
 */
const ASK_EVERY_MS = 20;

/** Asks for the connection every ASK_EVERY_MS until `done` settles; how many answers came before it did. */
async function answersWhile(done: Promise<unknown>): Promise<number> {
  let settled = false;
  void done.then(
    () => (settled = true),
    () => (settled = true),
  );
  let answers = 0;
  while (!settled) {
    const answer = await station.call('getConnection', {});
    expect(answer.ok).toBe(true);
    if (!settled) answers += 1;
    await sleep(ASK_EVERY_MS);
  }
  return answers;
}

const BIG_ORDERS = 20_000;
const BIG = Buffer.from(ordersCsv({ count: BIG_ORDERS, prefix: 'BIG-', digits: 5 }));
/** A guard against a hang, not a speed check: a busy 2-core machine reads a file far slower than a quiet one. */
const SLOW = 5 * 60_000;

describe('a file sent in pieces', () => {
  it('is previewed and imported in a worker while the station answers, with its progress', { timeout: SLOW }, async () => {
    expect(BIG.length).toBeGreaterThan(6 * ORDER_FILE_PIECE_BYTES);
    const fileId = await send('big.csv', BIG);
    const from = station.events.length;
    const preview = station.value('previewOrderImport', { fileId });
    const answered = await answersWhile(preview);
    expect(await preview).toMatchObject({ format: 'generic', orderCount: BIG_ORDERS, problemRowCount: 0, encoding: 'utf-8', encodingGuessed: false });
    expect((await preview).orders).toHaveLength(200);
    // The desk was answered while the file was read, not after.
    expect(answered).toBeGreaterThan(0);
    const progress = station.events.slice(from).filter((event) => event.type === 'orderFileProgress' && event.fileId === fileId);
    expect(new Set(progress.map((event) => (event.type === 'orderFileProgress' ? event.phase : '')))).toEqual(new Set(['reading', 'checking']));

    const imported = station.value('importOrders', { fileId });
    expect(await answersWhile(imported)).toBeGreaterThan(0);
    expect(await imported).toMatchObject({ created: BIG_ORDERS, updated: 0, orderCount: BIG_ORDERS, rowCount: BIG.toString().trim().split('\n').length - 1 });
    expect((await station.value('listOrders', { query: 'BIG-' })).total).toBe(BIG_ORDERS);
    expect(station.events.slice(from).some((event) => event.type === 'orderFileProgress' && event.phase === 'storing' && event.done === BIG_ORDERS)).toBe(true);
    await station.value('closeOrderFile', { fileId });
  });

  it('can be cancelled while it is read, and read again after', { timeout: SLOW }, async () => {
    const fileId = await send('big.csv', BIG);
    const from = station.events.length;
    const preview = station.call('previewOrderImport', { fileId });
    await station.waitForEvent('orderFileProgress', (event) => event.fileId === fileId, from, SLOW);
    expect(await station.value('cancelOrderFile', { fileId })).toEqual({ cancelled: true });
    expect(await preview).toMatchObject({ ok: false, error: { code: 'conflict', message: 'the reading of big.csv was cancelled' } });
    expect(await station.value('previewOrderImport', { fileId })).toMatchObject({ orderCount: BIG_ORDERS });
    expect(await station.value('cancelOrderFile', { fileId })).toEqual({ cancelled: false });
    await station.value('closeOrderFile', { fileId });
  });

  it('imported and cancelled while storing, keeps what it stored and says how many', { timeout: SLOW }, async () => {
    // Twice the orders: the import is far from its end when the first batch stored is reported.
    const orders = 2 * BIG_ORDERS;
    const fileId = await send('again.csv', Buffer.from(ordersCsv({ count: orders, prefix: 'CAN-', digits: 5 })));
    const from = station.events.length;
    const imported = station.call('importOrders', { fileId });
    await station.waitForEvent('orderFileProgress', (event) => event.fileId === fileId && event.phase === 'storing', from, SLOW);
    await station.value('cancelOrderFile', { fileId });
    const answer = await imported;
    expect(answer.ok).toBe(false);
    const message = answer.ok ? '' : answer.error.message;
    expect(message).toMatch(/^the import was stopped: [\d,]+ orders were stored \([\d,]+ new, 0 updated\); import the file again to take the rest$/);
    const stored = Number(/stopped: ([\d,]+)/.exec(message)?.[1]?.replaceAll(',', ''));
    expect(stored).toBeGreaterThan(0);
    expect(stored).toBeLessThan(orders);
    expect((await station.value('listOrders', { query: 'CAN-' })).total).toBe(stored);
    // Imported again, it takes the rest and makes no second order of those stored.
    expect(await station.value('importOrders', { fileId })).toMatchObject({ created: orders - stored, unchanged: stored });
    await station.value('closeOrderFile', { fileId });
  });

  it('is refused in words when a piece is out of place or the file is not all there', async () => {
    const { fileId } = await station.value('openOrderFile', { name: 'short.csv', size: 10 });
    const piece = (text: string): string => Buffer.from(text).toString('base64');
    expect(await station.call('appendOrderFile', { fileId, offset: 4, data: piece('abcd') })).toMatchObject({ ok: false, error: { code: 'conflict', message: 'short.csv: the station has 0 bytes, so the next piece starts there, not at 4', fields: [{ field: 'offset' }] } });
    expect(await station.value('appendOrderFile', { fileId, offset: 0, data: piece('Order,') })).toEqual({ received: 6, complete: false });
    expect(await station.call('appendOrderFile', { fileId, offset: 6, data: piece('Name\nX-1') })).toMatchObject({ ok: false, error: { code: 'invalidInput', fields: [{ field: 'data' }] } });
    expect(await station.call('previewOrderImport', { fileId })).toMatchObject({ ok: false, error: { code: 'conflict', message: 'short.csv is not all here yet (1 KB of 1 KB): send the rest first' } });
    await station.value('closeOrderFile', { fileId });
    expect(await station.call('previewOrderImport', { fileId })).toMatchObject({ ok: false, error: { code: 'notFound', fields: [{ field: 'fileId' }] } });
  });
});

describe('bad files', () => {
  it('reads a Windows-1252 file as such and says the encoding was a guess', async () => {
    const fileId = await send('excel.csv', Buffer.from('Order,Name,Address,City,State,Zip,Country,Item\nW-1,Jürgen Müller,1 Beacon St,Boston,MA,02108,US,Mug\n', 'latin1'));
    expect(await station.value('previewOrderImport', { fileId })).toMatchObject({ encoding: 'windows-1252', encodingGuessed: true, orders: [{ shipTo: { name: 'Jürgen Müller' } }] });
    expect(await station.call('previewOrderImport', { fileId, encoding: 'utf-8' })).toMatchObject({ ok: false, error: { code: 'invalidInput', fields: [{ field: 'encoding' }] } });
    await station.value('closeOrderFile', { fileId });
  });

  it('reads columns named like object properties, and refuses a 300-character order number in words', async () => {
    const text = ['__proto__,constructor,toString,hasOwnProperty,valueOf,City,State,Zip,Country', 'P-1,Ann Lee,1 Beacon St,Mug,2,Boston,MA,02108,US', `${'N'.repeat(300)},Bo Li,2 Beacon St,Mug,1,Boston,MA,02108,US`].join('\n');
    const mapping = { orderNumber: '__proto__', name: 'constructor', address1: 'toString', itemDescription: 'hasOwnProperty', itemQuantity: 'valueOf', city: 'City', stateProvince: 'State', zipPostalCode: 'Zip', country: 'Country' };
    const imported = await station.value('importOrders', { text, mapping });
    expect(imported).toMatchObject({ format: 'custom', created: 1, problems: [{ row: 3, orderNumber: null, messages: ['the order number is 300 characters long: it can be at most 200'] }] });
    expect(await station.value('getOrder', { orderNumber: 'P-1' })).toMatchObject({ items: [{ description: 'Mug', quantity: 2 }] });
  });

  it('refuses a header and ten million short rows at the row limit, answering throughout', { timeout: SLOW }, async () => {
    const fileId = await send('rows.csv', Buffer.from(`Order,Name,Address,City,Zip,Country\n${'1\n'.repeat(10_000_000)}`));
    const preview = station.call('previewOrderImport', { fileId });
    expect(await answersWhile(preview)).toBeGreaterThan(0);
    expect(await preview).toMatchObject({
      ok: false,
      error: { code: 'invalidInput', message: `the order file cannot be imported: the file has more than ${ORDER_FILE_LIMITS.rows.toLocaleString('en-US')} rows: split it into files of at most ${ORDER_FILE_LIMITS.rows.toLocaleString('en-US')} rows`, fields: [{ field: 'fileId' }] },
    });
    await station.value('closeOrderFile', { fileId });
    expect((await station.value('getConnection', {})).profile.kind).toBe('sandbox');
  });
});
