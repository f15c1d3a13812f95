/**
 * Importing an order file: sent to the station in pieces, previewed before anything is saved,
 * columns chosen by hand and saved by name, another encoding, the import itself, and a cancel
 * that drops a preview's answer or keeps what an import stored.
 */
import { describe, expect, it, vi } from 'vitest';
import type { ImportPreview, SavedOrderMapping } from '../../../electron/api';
import { bytesOf } from '../lib/base64';
import { FakeStation, refusal } from '../testing/fakeStation';
import { watchToasts } from '../testing/toasts';
import { OrderImportState } from './orderImport.svelte';

const FILE_ID = 'AAAAAAAAAAAAAAAAAAAAAAAA';
const PIECE = 512 * 1024;

function preview(fields: Partial<ImportPreview> = {}): ImportPreview {
  return {
    format: 'shopify',
    delimiter: ',',
    headers: ['Name', 'Shipping Name'],
    mapping: { orderNumber: 'Name', name: 'Shipping Name' },
    encoding: 'utf-8',
    encodingGuessed: false,
    rowCount: 2,
    problems: [],
    problemRowCount: 0,
    gaveUpCount: 0,
    orders: [],
    orderCount: 2,
    ...fields,
  };
}

function desk() {
  const received: { offset: number; bytes: Uint8Array }[] = [];
  const station = new FakeStation()
    .answer('openOrderFile', () => ({ fileId: FILE_ID }))
    .answer('appendOrderFile', ({ offset, data }) => {
      received.push({ offset, bytes: bytesOf(data) });
      return { received: offset, complete: false };
    })
    .answer('previewOrderImport', ({ mapping }) => (mapping === undefined ? preview() : preview({ format: 'custom', mapping })))
    .answer('importOrders', () => ({ ...preview(), created: 2, updated: 0, unchanged: 0, keptShipped: 0, cancelled: 0 }))
    .answer('cancelOrderFile', () => ({ cancelled: true }))
    .answer('closeOrderFile', () => ({ closed: true }));
  return { station, received, importing: new OrderImportState(station) };
}

const csv = (text: string) => new File([text], 'orders.csv', { type: 'text/csv' });

describe('an order file', () => {
  it('is sent in pieces that make up the whole file, its header row read here, then previewed as its headers say', async () => {
    const { station, received, importing } = desk();
    const body = `\uFEFFName, Shipping Name ,\n${'#1001,Dana\n'.repeat((PIECE * 2) / 11)}`;
    const file = csv(body);
    await importing.choose(file);
    expect(station.inputsOf('openOrderFile')).toEqual([{ name: 'orders.csv', size: file.size }]);
    expect(received.map((piece) => piece.offset)).toEqual([0, PIECE, PIECE * 2]);
    const whole = new Uint8Array(received.reduce((sum, piece) => sum + piece.bytes.length, 0));
    received.forEach((piece) => whole.set(piece.bytes, piece.offset));
    const sent = new Uint8Array(await file.arrayBuffer());
    expect(whole.length).toBe(sent.length);
    expect(whole.every((byte, at) => byte === sent[at])).toBe(true);
    expect(importing.headers).toEqual(['Name', 'Shipping Name']);
    expect(station.inputsOf('previewOrderImport')).toEqual([{ fileId: FILE_ID }]);
    expect(importing.preview?.orderCount).toBe(2);
    expect(importing.mapping).toEqual({ orderNumber: 'Name', name: 'Shipping Name' });
    expect(importing.busy).toBe(false);
  });

  it('a file the station cannot read is said by the field it names, in the station’s words', async () => {
    const { station, importing } = desk();
    station.answer('previewOrderImport', () => {
      throw refusal('invalidInput', 'the file was not read', [{ field: 'fileId', message: 'the file has no header row' }]);
    });
    await importing.choose(csv('x'));
    expect(importing.problem).toBe('the file has no header row');
    expect(importing.preview).toBeUndefined();
    station.answer('openOrderFile', () => {
      throw refusal('invalidInput', 'the file is larger than 256 MB');
    });
    await importing.choose(csv('y'));
    expect(importing.problem).toBe('the file is larger than 256 MB');
  });

  it('columns chosen by hand preview with that mapping, and the import sends it with the file’s encoding', async () => {
    const { station, importing } = desk();
    await importing.choose(csv('Order,Who\n1,A\n'));
    importing.setColumn('orderNumber', 'Order');
    importing.setColumn('name', 'Who');
    importing.setColumn('company', '');
    importing.setWeightUnit('KG');
    await importing.applyMapping();
    const mapping = { orderNumber: 'Order', name: 'Who', weightUnit: 'KG' };
    expect(station.inputsOf('previewOrderImport').at(-1)).toEqual({ fileId: FILE_ID, mapping, encoding: 'utf-8' });
    await importing.useEncoding('windows-1252');
    expect(station.inputsOf('previewOrderImport').at(-1)).toEqual({ fileId: FILE_ID, mapping, encoding: 'windows-1252' });
    expect(await importing.import()).toMatchObject({ created: 2 });
    expect(station.inputsOf('importOrders')).toEqual([{ fileId: FILE_ID, encoding: 'utf-8', mapping }]);
    expect(importing.outcome?.created).toBe(2);
  });

  it('a cancelled reading drops its answer and says so; the file stays to be read again', async () => {
    const { station, importing } = desk();
    await importing.choose(csv('Name\n1\n'));
    const held = station.holdAnswers();
    const reading = importing.readAgain();
    expect(importing.progress?.phase).toBe('reading');
    const cancelling = importing.cancel();
    expect(importing.notice).toBe('Reading stopped.');
    expect(importing.busy).toBe(false);
    held.releaseAll();
    await Promise.all([reading, cancelling]);
    expect(station.inputsOf('cancelOrderFile')).toEqual([{ fileId: FILE_ID }]);
    expect(importing.fileName).toBe('orders.csv');
    expect(importing.notice).toBe('Reading stopped.');
  });

  it('a cancelled import says what it kept, in the station’s words; another failure is said in a toast', async () => {
    const { station, importing } = desk();
    await importing.choose(csv('Name\n1\n'));
    station.answer('importOrders', () => {
      throw refusal('conflict', 'the import was stopped: 120 orders stored; import the file again to take the rest');
    });
    const held = station.holdAnswers();
    const running = importing.import();
    const cancelling = importing.cancel();
    held.releaseAll();
    await Promise.all([running, cancelling]);
    expect(importing.notice).toBe('the import was stopped: 120 orders stored; import the file again to take the rest.');

    station.answer('importOrders', () => {
      throw refusal('internal', 'the store is full');
    });
    const toasts = watchToasts();
    expect(await importing.import()).toBeUndefined();
    expect(toasts).toEqual(['The store is full. The details are in the station log.']);
  });

  it('follows the station’s progress on this file only, and closes the file when it is put away', async () => {
    const { station, importing } = desk();
    importing.follow();
    await importing.choose(csv('Name\n1\n'));
    const held = station.holdAnswers();
    const reading = importing.readAgain();
    station.emit({ type: 'orderFileProgress', fileId: 'BBBBBBBBBBBBBBBBBBBBBBBB', phase: 'checking', done: 9, total: 10 });
    station.emit({ type: 'orderFileProgress', fileId: FILE_ID, phase: 'checking', done: 1, total: 2 });
    expect(importing.progress).toEqual({ phase: 'checking', done: 1, total: 2, importing: false });
    held.releaseAll();
    await reading;
    importing.clear();
    await vi.waitFor(() => expect(station.inputsOf('closeOrderFile')).toEqual([{ fileId: FILE_ID }]));
    expect(importing.fileName).toBeUndefined();
  });
});

describe('saved column mappings', () => {
  it('are listed, and the columns chosen now are saved by name and listed again; a refused name is said', async () => {
    const { station, importing } = desk();
    const saved: SavedOrderMapping[] = [];
    station.answer('listOrderMappings', () => [...saved]).answer('saveOrderMapping', ({ name, mapping }) => {
      saved.push({ name, mapping: { ...mapping }, updatedAt: 1 });
      return { name, mapping, updatedAt: 1 };
    });
    importing.setColumn('orderNumber', 'Order');
    expect(await importing.saveMapping('Etsy')).toBe(true);
    expect(importing.saved).toEqual([{ name: 'Etsy', mapping: { orderNumber: 'Order' }, updatedAt: 1 }]);

    station.answer('saveOrderMapping', () => {
      throw refusal('invalidInput', 'the mapping was not saved', [{ field: 'mapping', message: 'names no column for the city' }]);
    });
    const toasts = watchToasts();
    expect(await importing.saveMapping('Half')).toBe(false);
    expect(toasts).toEqual(['The mapping was not saved.']);
  });
});
