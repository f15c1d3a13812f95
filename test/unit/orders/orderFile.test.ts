/**
 * Order files of the formats shops really export, read into orders without saving anything: a
 * Shopify orders export (its real headers, one row per item, a note over two lines, an item that
 * needs no shipping), a semicolon spreadsheet with a BOM and CRLF line ends (decimal commas,
 * grams, a country by name, an address line over two lines), and a file with bad rows, each
 * with its problem in words.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { countryCode } from '../../../electron/orders/countries';
import { OrderFileError, giftMessageOfAttributes } from '../../../electron/orders/orderFile';
import { readOrderText } from '../../../electron/orders/orderFileReader';

const fixture = (name: string): string => readFileSync(new URL(`../../fixtures/orders/${name}`, import.meta.url), 'utf8');

const SHOPIFY = await readOrderText(fixture('shopify-orders-export.csv'));
const SHEET = await readOrderText(fixture('spreadsheet-semicolon-bom-crlf.csv'));
const BAD_ROWS = await readOrderText(fixture('orders-with-bad-rows.csv'));

describe('a Shopify orders export', () => {
  const preview = SHOPIFY;

  it('is recognised by its headers, and gathers the rows of each order', () => {
    expect(preview.format).toBe('shopify');
    expect(preview.delimiter).toBe(',');
    expect(preview.rowCount).toBe(8);
    expect(preview.problems).toEqual([]);
    expect(preview.orders.map((order) => [order.orderNumber, order.rows])).toEqual([
      ['#1001', [2, 3]],
      ['#1002', [4, 5]],
      ['#1003', [6]],
      ['#1004', [7, 8, 9]],
    ]);
  });

  it('takes the shipping address from the first row of an order, and every item from its rows', () => {
    const [first] = preview.orders;
    expect(first?.shipTo).toEqual({ name: 'Dana Whitfield', company: null, address1: '500 Howard St', address2: 'Suite 300', city: 'San Francisco', stateProvince: 'CA', zipPostalCode: '94105', country: 'US', phone: '+1 415-555-0101', email: 'dana@example.com' });
    expect(first?.items).toEqual([
      { sku: 'TS-BLU-M', barcode: null, description: 'Organic Cotton T-Shirt - Blue / M', quantity: 2, unitPrice: 24, unitWeightGrams: null },
      { sku: 'MUG-ENM', barcode: null, description: 'Enamel Camp Mug', quantity: 1, unitPrice: 16, unitWeightGrams: null },
    ]);
    expect(first?.requestedService).toBe('Standard Shipping');
    expect(first?.currency).toBe('USD');
    // The export gives no weights: the packer weighs.
    expect(first?.estimatedWeightGrams).toBeNull();
  });

  it("reads the buyer's note, and the gift message among the checkout's note attributes", () => {
    expect(preview.orders[0]).toMatchObject({ note: 'Leave at the front desk.\nRing twice, please.', giftMessage: 'Happy birthday, Sam!' });
    expect(preview.orders[1]).toMatchObject({ giftMessage: null });
  });

  it('leaves out a line that needs no shipping, and reads quotes inside a quoted field', () => {
    const second = preview.orders[1];
    expect(second?.items.map((item) => item.description)).toEqual(['Wool Beanie, "Charcoal"']);
    expect(second?.shipTo.company).toBe('Willis Tower Tenants LLC');
  });

  it('keeps a Canadian order in its own currency with its postal code', () => {
    expect(preview.orders[2]).toMatchObject({ currency: 'CAD', shipTo: { country: 'CA', stateProvince: 'ON', zipPostalCode: 'M5X 1A9' }, items: [{ quantity: 3 }] });
    expect(preview.orders[3]?.items.map((item) => item.quantity)).toEqual([1, 2, 1]);
  });
});

describe('a semicolon spreadsheet export with a BOM and CRLF line ends', () => {
  const preview = SHEET;

  it('finds its columns by their names and reads every row', () => {
    expect(preview.format).toBe('generic');
    expect(preview.delimiter).toBe(';');
    expect(preview.headers[0]).toBe('Order No');
    expect(preview.mapping).toMatchObject({ orderNumber: 'Order No', name: 'Recipient', address1: 'Street', zipPostalCode: 'Postcode', itemQuantity: 'Qty', itemWeight: 'Weight', itemWeightUnit: 'Weight unit' });
    expect(preview.problems).toEqual([]);
    expect(preview.orders.map((order) => order.orderNumber)).toEqual(['WEB-2001', 'WEB-2002', 'WEB-2003']);
  });

  it('reads decimal commas, grams and kilograms, and adds the weights up', () => {
    const [cups, lamp] = preview.orders;
    expect(cups?.items.map((item) => [item.description, item.unitPrice, item.unitWeightGrams])).toEqual([
      ['Espresso cup; porcelain', 9.5, 180],
      ['Saucer', 4, 120],
    ]);
    expect(cups?.estimatedWeightGrams).toBe(600);
    expect(lamp?.estimatedWeightGrams).toBe(1200);
  });

  it('reads countries by name or common short form, and an address line over two lines', () => {
    expect(preview.orders.map((order) => order.shipTo.country)).toEqual(['DE', 'FR', 'US']);
    expect(preview.orders[0]?.shipTo.address1).toBe('Friedrichstraße 43');
    expect(preview.orders[1]?.shipTo.address2).toBe('Bâtiment B\nEscalier 3');
    expect(preview.orders[2]?.estimatedWeightGrams).toBeCloseTo(2.5 * 453.59237, 2);
  });
});

describe('a file with bad rows', () => {
  const preview = BAD_ROWS;

  it('imports only the orders whose every row is good', () => {
    expect(preview.orders.map((order) => order.orderNumber)).toEqual(['B-1', 'B-7']);
    // Grams to the milligram.
    expect(preview.orders[1]?.estimatedWeightGrams).toBeCloseTo(1.5 * 453.59237, 2);
  });

  it('says each bad row\'s problems in words', () => {
    expect(preview.problems).toEqual([
      { row: 3, orderNumber: 'B-2', messages: ['missing ZIP or postal code'] },
      { row: 4, orderNumber: 'B-3', messages: ['unknown country "Narnia"'] },
      { row: 5, orderNumber: 'B-4', messages: ['bad weight "heavy": it must be a number of at least 0'] },
      { row: 6, orderNumber: 'B-5', messages: ['not imported: row 7 of the same order has a problem'] },
      { row: 7, orderNumber: 'B-5', messages: ['quantity "0" is not a whole number of at least 1'] },
      { row: 8, orderNumber: 'B-6', messages: ['unknown weight unit "stone": use lb, oz, kg or g', '"ABCDE" is not a valid US ZIP code'] },
      { row: 9, orderNumber: null, messages: ['missing order number'] },
    ]);
  });
});

describe('a mapping made by hand', () => {
  const text = 'Ref,Who,Where,Town,Region,Code,Land,Thing\nX-1,Ada Lovelace,12 St James Sq,London,,SW1Y 4JH,GB,Engine\n';

  it('reads a file whose headers the station does not know, once its columns are chosen', async () => {
    await expect(readOrderText(text)).rejects.toThrow(new OrderFileError('no column gives the order number, recipient name, address line 1, ZIP or postal code, country: choose the columns by hand'));
    const preview = await readOrderText(text, { mapping: { orderNumber: 'Ref', name: 'Who', address1: 'Where', city: 'Town', stateProvince: 'Region', zipPostalCode: 'Code', country: 'Land', itemDescription: 'Thing' } });
    expect(preview.format).toBe('custom');
    expect(preview.orders).toEqual([
      expect.objectContaining({ orderNumber: 'X-1', shipTo: expect.objectContaining({ name: 'Ada Lovelace', country: 'GB', zipPostalCode: 'SW1Y 4JH' }), items: [expect.objectContaining({ description: 'Engine', quantity: 1 })] }),
    ]);
  });

  it('refuses a mapping that names a column the file does not have', async () => {
    await expect(readOrderText(text, { mapping: { orderNumber: 'Order', name: 'Who', address1: 'Where', city: 'Town', zipPostalCode: 'Code', country: 'Land' } })).rejects.toThrow('the mapping names columns the file does not have: order number → "Order"');
  });
});

describe('what is at fault', () => {
  const text = 'Ref,Who,Where,Town,Code,Land\nX-1,Ada Lovelace,12 St James Sq,London,SW1Y 4JH,GB\n';
  const faultOf = async (run: () => Promise<unknown>): Promise<readonly string[]> => {
    try {
      await run();
    } catch (error) {
      if (error instanceof OrderFileError) return error.fields;
      throw error;
    }
    throw new Error('the file was read');
  };

  it('is the file when it cannot be read, or when the station cannot find its columns', async () => {
    expect(await faultOf(() => readOrderText(''))).toEqual(['text']);
    expect(await faultOf(() => readOrderText(text))).toEqual(['text']);
  });

  it('is each field of a chosen mapping that names a missing column or none', async () => {
    expect(await faultOf(() => readOrderText(text, { mapping: { orderNumber: 'Order', name: 'Who', address1: 'Street', city: 'Town', zipPostalCode: 'Code', country: 'Land' } }))).toEqual([
      'mapping.orderNumber',
      'mapping.address1',
    ]);
    await expect(readOrderText(text, { mapping: { orderNumber: 'Ref', name: 'Who', address1: 'Where', city: 'Town' } })).rejects.toThrow('the mapping gives no column for the ZIP or postal code, country');
    expect(await faultOf(() => readOrderText(text, { mapping: { orderNumber: 'Ref', name: 'Who', address1: 'Where', city: 'Town' } }))).toEqual(['mapping.zipPostalCode', 'mapping.country']);
  });
});

describe('files that are not order tables', () => {
  it('says so in words', async () => {
    await expect(readOrderText('')).rejects.toThrow('the file is empty');
    await expect(readOrderText('\uFEFF\r\n')).rejects.toThrow('the file is empty');
    await expect(readOrderText('just one column\nvalue\n')).rejects.toThrow('the file has no header row with column names');
    await expect(readOrderText('order,name,address,city,zip,country\nA-0,Ann,1 Main St,Boston,02108,US\n"A-1,Unclosed quote\n')).rejects.toThrow('the file is not a table the station can read (row 3: a quoted field is never closed)');
  });
});

describe('countries as files write them', () => {
  it('reads codes, names and short forms, and nothing else', () => {
    expect(['us', 'US', 'United States', 'USA', 'uk', 'United Kingdom', 'Germany', 'Deutschland', 'XX', 'EU', ''].map(countryCode)).toEqual(['US', 'US', 'US', 'US', 'GB', 'GB', 'DE', undefined, undefined, undefined, undefined]);
  });
});

describe('notes, gift messages and item barcodes', () => {
  it('finds them in a sheet by the usual header words', async () => {
    const text = ['Order,Name,Address,City,State,Zip,Country,Item,SKU,UPC,Qty,Gift message,Notes', '5001,Ann Lee,1 Main St,Boston,MA,02108,US,Mug,MUG-1,036000291452,2,Enjoy!,Side door'].join('\n');
    const [order] = (await readOrderText(text)).orders;
    expect(order).toMatchObject({ note: 'Side door', giftMessage: 'Enjoy!', items: [{ sku: 'MUG-1', barcode: '036000291452', quantity: 2 }] });
  });

  it('takes only a line named a gift message from note attributes', () => {
    expect(giftMessageOfAttributes('gift_wrap: yes\ngift_message: Happy birthday!')).toBe('Happy birthday!');
    expect(giftMessageOfAttributes('Gift Note: For you')).toBe('For you');
    expect(giftMessageOfAttributes('gift_wrap: yes\ndelivery_date: 2026-12-01')).toBeUndefined();
    expect(giftMessageOfAttributes('gift_message:   ')).toBeUndefined();
  });
});

describe('files as shops and spreadsheets write them', () => {
  const SHOPIFY_HEADER = 'Name,Email,Financial Status,Shipping Method,Lineitem quantity,Lineitem name,Lineitem price,Lineitem sku,Lineitem requires shipping,Shipping Name,Shipping Address1,Shipping City,Shipping Zip,Shipping Province,Shipping Country,Shipping Phone,Cancelled at';

  it("reads Shopify's apostrophe-prefixed ZIP codes as the ZIP, with the order's other lines", async () => {
    const text = [
      SHOPIFY_HEADER,
      "#2001,ann@example.com,paid,Standard,1,Mug,12.00,MUG-1,true,Ann Lee,1 Beacon St,Boston,'02108,MA,US,'6175550100,",
      '#2001,ann@example.com,,,2,Tea,6.00,TEA-1,true,,,,,,,,',
    ].join('\n');
    const preview = await readOrderText(text);
    expect(preview.problems).toEqual([]);
    expect(preview.orders).toEqual([expect.objectContaining({ orderNumber: '#2001', shipTo: expect.objectContaining({ zipPostalCode: '02108', phone: '6175550100' }), rows: [2, 3] })]);
    expect(preview.orders[0]?.items.map((item) => item.sku)).toEqual(['MUG-1', 'TEA-1']);
  });

  it('recognises the usual header words, Items and a weight whose unit is in its header', async () => {
    const text = ['Order ID,Ship To Name,Address Line 1,Town/City,State/Province,ZIP/Postal Code,Country Code,Items,Quantity Ordered,Weight (kg)', 'S-1,Ann Lee,1 Beacon St,Boston,MA,02108,US,Enamel mug,2,0.35'].join('\n');
    const preview = await readOrderText(text);
    expect(preview.format).toBe('generic');
    expect(preview.mapping).toMatchObject({ orderNumber: 'Order ID', name: 'Ship To Name', address1: 'Address Line 1', city: 'Town/City', stateProvince: 'State/Province', zipPostalCode: 'ZIP/Postal Code', country: 'Country Code', itemDescription: 'Items', itemQuantity: 'Quantity Ordered', itemWeight: 'Weight (kg)', weightUnit: 'KG' });
    expect(preview.problems).toEqual([]);
    expect(preview.orders[0]).toMatchObject({ items: [{ description: 'Enamel mug', quantity: 2, unitWeightGrams: 350 }], estimatedWeightGrams: 700 });
  });

  it.each([
    ['Weight (g)', '350', 350],
    ['Weight [lbs]', '2', 907.185],
    ['Weight in ounces', '16', 453.592],
    ['weight_kg', '1,5', 1500],
  ])('reads the unit of a weight headed %s', async (header, value, grams) => {
    const text = [`Order,Name,Address,City,State,Zip,Country,Item,${header}`, `W-1,Ann Lee,1 Beacon St,Boston,MA,02108,US,Mug,"${value}"`].join('\n');
    expect((await readOrderText(text)).orders[0]?.items[0]?.unitWeightGrams).toBeCloseTo(grams, 2);
  });

  it('lets a mapping say the unit of weights the file does not name', async () => {
    const text = ['Ref,Who,Where,Town,Region,Code,Land,Thing,Mass', 'X-1,Ann Lee,1 Beacon St,Boston,MA,02108,US,Mug,2'].join('\n');
    const columns = { orderNumber: 'Ref', name: 'Who', address1: 'Where', city: 'Town', stateProvince: 'Region', zipPostalCode: 'Code', country: 'Land', itemDescription: 'Thing', itemWeight: 'Mass' } as const;
    expect((await readOrderText(text, { mapping: columns })).orders[0]?.items[0]?.unitWeightGrams).toBeCloseTo(907.185, 2);
    expect((await readOrderText(text, { mapping: { ...columns, weightUnit: 'KG' } })).orders[0]?.items[0]?.unitWeightGrams).toBe(2000);
  });

  it('leaves out a cancelled or refunded order for that reason, in words', async () => {
    const text = [
      SHOPIFY_HEADER,
      "#3001,a@example.com,paid,Standard,1,Mug,12.00,MUG-1,true,Ann Lee,1 Beacon St,Boston,'02108,MA,US,,2026-11-23 10:00:00 -0500",
      '#3001,a@example.com,,,1,Tea,6.00,TEA-1,true,,,,,,,,',
      "#3002,b@example.com,refunded,Standard,1,Mug,12.00,MUG-1,true,Bo Li,2 Beacon St,Boston,'02108,MA,US,,",
      "#3003,c@example.com,voided,Standard,1,Mug,12.00,MUG-1,true,Cy Ng,3 Beacon St,Boston,ABCDE,MA,US,,",
      "#3004,d@example.com,partially_refunded,Standard,1,Mug,12.00,MUG-1,true,Di Wu,4 Beacon St,Boston,'02108,MA,US,,",
    ].join('\n');
    const preview = await readOrderText(text);
    expect(preview.orders.map((order) => order.orderNumber)).toEqual(['#3004']);
    expect(preview.problems).toEqual([
      { row: 2, orderNumber: '#3001', messages: ['left out: the order was cancelled in the shop (Cancelled at "2026-11-23 10:00:00 -0500")'] },
      { row: 3, orderNumber: '#3001', messages: ['left out with row 2: the order was cancelled'] },
      { row: 4, orderNumber: '#3002', messages: ['left out: the order was refunded (Financial Status "refunded")'] },
      { row: 5, orderNumber: '#3003', messages: ['left out: the order was voided (Financial Status "voided")'] },
    ]);
  });

  it('reads the status columns of a generic sheet the same way', async () => {
    const text = ['Order,Name,Address,City,State,Zip,Country,Item,Status', 'G-1,Ann Lee,1 Beacon St,Boston,MA,02108,US,Mug,Cancelled', 'G-2,Bo Li,2 Beacon St,Boston,MA,02108,US,Mug,Processing'].join('\n');
    const preview = await readOrderText(text);
    expect(preview.orders.map((order) => order.orderNumber)).toEqual(['G-2']);
    expect(preview.problems).toEqual([{ row: 2, orderNumber: 'G-1', messages: ['left out: the order was cancelled (Status "Cancelled")'] }]);
  });
});

describe('field lengths', () => {
  it('refuses a field longer than the station and the service take, naming it and its limit', async () => {
    const long = 'N'.repeat(300);
    const text = [
      'Order,Name,Address,City,State,Zip,Country,Phone,Item',
      `${long},Ann Lee,1 Beacon St,Boston,MA,02108,US,,Mug`,
      `L-2,Bo Li,2 Beacon St,Boston,MA,02108,US,${'5'.repeat(60)},Mug`,
      'L-3,Cy Ng,3 Beacon St,Boston,MA,02108,US,,Mug',
    ].join('\n');
    const preview = await readOrderText(text);
    expect(preview.orders.map((order) => order.orderNumber)).toEqual(['L-3']);
    expect(preview.problems).toEqual([
      { row: 2, orderNumber: null, messages: ['the order number is 300 characters long: it can be at most 200'] },
      { row: 3, orderNumber: 'L-2', messages: ['the phone is 60 characters long: it can be at most 50'] },
    ]);
  });
});
