/**
 * Reading an order file as a stream (the code the station's worker thread runs), on files made
 * here: columns headed like the properties of every object, the encodings files come in (a
 * Windows-1252 file is read as such and said to be a guess, never patched with replacement
 * characters), rows of one order far apart (gathered on disk), every limit refused in words (the limits shrunk so the
 * files stay small), the problems shown capped but all counted, and the orders handed over in
 * batches, the next waiting until the last is taken.
 */
import { describe, expect, it } from 'vitest';
import { ORDER_FILE_LIMITS, PROBLEMS_SHOWN } from '../../../electron/api';
import { OrderFileError } from '../../../electron/orders/orderFile';
import { bytesSource, readOrderFile, readOrderText, type OrdersBatch } from '../../../electron/orders/orderFileReader';

const HEADER = 'Order,Name,Address,City,State,Zip,Country,Item';
const row = (order: string, name = 'Ann Lee', item = 'Mug'): string => `${order},${name},1 Beacon St,Boston,MA,02108,US,${item}`;

describe('columns headed like the properties of every object', () => {
  it('are chosen in a mapping and read like any other', async () => {
    const text = ['__proto__,constructor,toString,hasOwnProperty,valueOf,City,State,Zip,Country', 'P-1,Ann Lee,1 Beacon St,Mug,2,Boston,MA,02108,US'].join('\n');
    const mapping = { orderNumber: '__proto__', name: 'constructor', address1: 'toString', itemDescription: 'hasOwnProperty', itemQuantity: 'valueOf', city: 'City', stateProvince: 'State', zipPostalCode: 'Zip', country: 'Country' };
    const preview = await readOrderText(text, { mapping });
    expect(preview.problems).toEqual([]);
    expect(preview.orders).toEqual([expect.objectContaining({ orderNumber: 'P-1', shipTo: expect.objectContaining({ name: 'Ann Lee', address1: '1 Beacon St' }), items: [expect.objectContaining({ description: 'Mug', quantity: 2 })] })]);
  });
});

describe('encodings', () => {
  const latin = Buffer.from(`${HEADER}\n${row('E-1', 'Jürgen Müller')}\n`, 'latin1');

  it('reads a Windows-1252 file as such, and says it guessed', async () => {
    const preview = await readOrderFile(bytesSource(latin));
    expect(preview).toMatchObject({ encoding: 'windows-1252', encodingGuessed: true });
    expect(preview.orders[0]?.shipTo.name).toBe('Jürgen Müller');
  });

  it('refuses to read it as UTF-8 when asked to, rather than patch it', async () => {
    const reading = readOrderFile(bytesSource(latin), { encoding: 'utf-8' });
    await expect(reading).rejects.toThrow(/the file is not UTF-8 \(a byte near byte 0 is not\): choose the encoding it was saved in/);
    await expect(reading).rejects.toMatchObject({ fields: ['encoding'] });
  });

  it('reads UTF-8 (with or without a byte order mark), UTF-16 with its mark, and an encoding chosen', async () => {
    const text = `${HEADER}\n${row('E-2', 'Zoë Łukasz')}\n`;
    const utf8 = await readOrderFile(bytesSource(Buffer.from(text)));
    expect(utf8).toMatchObject({ encoding: 'utf-8', encodingGuessed: false, orders: [{ shipTo: { name: 'Zoë Łukasz' } }] });
    const marked = await readOrderFile(bytesSource(Buffer.from(`\uFEFF${text}`)));
    expect(marked).toMatchObject({ encoding: 'utf-8', headers: expect.arrayContaining(['Order']) });
    const utf16 = await readOrderFile(bytesSource(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')])));
    expect(utf16).toMatchObject({ encoding: 'utf-16le', orders: [{ shipTo: { name: 'Zoë Łukasz' } }] });
    // Windows-1250 (Central European) writes Ł as 0xA3.
    const central = Buffer.from(`${HEADER}\n${row('E-3', 'X')}\n`.replace('X', '\u0000'), 'latin1');
    central[central.indexOf(0)] = 0xa3;
    expect((await readOrderFile(bytesSource(central), { encoding: 'windows-1250' })).orders[0]?.shipTo.name).toBe('Ł');
  });

  it('finds a character split between two pieces of the file', async () => {
    const text = `${HEADER}\n${row('E-4', 'Jürgen')}\n`;
    const bytes = Buffer.from(text);
    const split = bytes.indexOf(Buffer.from('ü')) + 1;
    const preview = await readOrderFile(bytesSource(bytes, split));
    expect(preview).toMatchObject({ encoding: 'utf-8', encodingGuessed: false, orders: [{ shipTo: { name: 'Jürgen' } }] });
  });
});

describe('an order whose rows are far apart', () => {
  it('is gathered whole, after the orders whose rows are together', async () => {
    const text = [HEADER, row('F-1', 'Ann Lee', 'Mug'), row('F-2', 'Bo Li', 'Tea'), row('F-3', 'Cy Ng', 'Pot'), row('F-1', 'Ann Lee', 'Lid')].join('\n');
    const preview = await readOrderText(text);
    expect(preview.orders.map((order) => [order.orderNumber, order.rows, order.items.map((item) => item.description)])).toEqual([
      ['F-2', [3], ['Tea']],
      ['F-3', [4], ['Pot']],
      ['F-1', [2, 5], ['Mug', 'Lid']],
    ]);
  });
});

describe('limits', () => {
  const limits = { ...ORDER_FILE_LIMITS, rows: 5, orders: 3, linesPerOrder: 4, rowChars: 200, bytes: 4096 };
  const refusal = async (text: string): Promise<string> => {
    try {
      await readOrderText(text, { limits });
    } catch (error) {
      if (error instanceof OrderFileError) return error.message;
      throw error;
    }
    throw new Error('the file was read');
  };

  it('refuses a file with more rows than the limit, or naming more orders, in words', async () => {
    expect(await refusal([HEADER, ...['1', '2', '3', '3', '3', '3'].map((n) => row(`R-${n}`))].join('\n'))).toBe('the file has more than 5 rows: split it into files of at most 5 rows');
    expect(await refusal([HEADER, ...['1', '2', '3', '4'].map((n) => row(`O-${n}`))].join('\n'))).toBe('the file names more than 3 orders: split it into files of at most 3 orders');
  });

  it('refuses a file larger than the limit before reading it', async () => {
    expect(await refusal(`${HEADER}\n${'x'.repeat(5000)}\n`)).toBe('the file is 5 KB, and the station reads files of at most 4 KB: split it into smaller files');
  });

  it('refuses a row longer than the limit (a quote left open makes the rest of the file one row)', async () => {
    expect(await refusal([HEADER, row('Q-1'), `Q-2,"Ann Lee,${'x'.repeat(300)}`].join('\n'))).toBe('row 3 is longer than 200 characters: the file is not an order table the station can read (is a quote left open?)');
  });

  it('leaves out an order of more lines than the limit, counting every row it had', async () => {
    const preview = await readOrderText([HEADER, ...['a', 'b', 'c', 'd', 'e'].map((item) => row('L-1', 'Ann Lee', item))].join('\n'), { limits });
    expect(preview.orderCount).toBe(0);
    expect(preview.problems).toEqual([{ row: 2, orderNumber: 'L-1', messages: ['left out: the order has 5 rows, and an order is at most 4 lines'] }]);
    expect(preview.problemRowCount).toBe(5);
  });
});

describe('what a reading keeps', () => {
  it(`shows the first ${String(PROBLEMS_SHOWN)} rows with problems, by row, and counts them all`, async () => {
    const rows = Array.from({ length: PROBLEMS_SHOWN + 300 }, (_, i) => `,Ann Lee ${String(i)},1 Beacon St,Boston,MA,02108,US,Mug`);
    const preview = await readOrderText([HEADER, row('K-1'), ...rows].join('\n'));
    expect(preview.problemRowCount).toBe(PROBLEMS_SHOWN + 300);
    expect(preview.problems).toHaveLength(PROBLEMS_SHOWN);
    expect(preview.problems[0]).toEqual({ row: 3, orderNumber: null, messages: ['missing order number'] });
    expect(preview.problems.at(-1)?.row).toBe(PROBLEMS_SHOWN + 2);
    expect(preview.orderCount).toBe(1);
  });

  it('hands the orders over in batches, each after the last was taken, with the orders the shop gave up', async () => {
    const lines = [`${HEADER},Status`, ...Array.from({ length: 25 }, (_, i) => `${row(`B-${String(i + 1)}`)},${i === 4 ? 'Cancelled' : 'Paid'}`)];
    const batches: OrdersBatch[] = [];
    let taking = false;
    const preview = await readOrderText(lines.join('\n'), {
      batchSize: 10,
      onOrders: async (batch) => {
        expect(taking).toBe(false);
        taking = true;
        batches.push(batch);
        await new Promise((resolve) => setTimeout(resolve, 5));
        taking = false;
      },
    });
    expect(batches.map((batch) => batch.orders.length + batch.gaveUp.length)).toEqual([10, 10, 5]);
    expect(batches.flatMap((batch) => batch.gaveUp)).toEqual(['B-5']);
    expect(batches.flatMap((batch) => batch.orders).map((order) => order.orderNumber)).toHaveLength(24);
    expect(preview).toMatchObject({ orderCount: 24, gaveUpCount: 1, format: 'generic' });
  });
});
