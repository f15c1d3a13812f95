/**
 * Order files as a shop's sheet exports them (the generic columns the importer recognises), for
 * the tests and benches that import many orders: real US places, one to three items each with a
 * weight in ounces.
 */

/** Real US places: city, state, ZIP code. */
export const PLACES = [
  ['San Francisco', 'CA', '94105'],
  ['Chicago', 'IL', '60606'],
  ['New York', 'NY', '10118'],
  ['Austin', 'TX', '78701'],
  ['Seattle', 'WA', '98101'],
  ['Denver', 'CO', '80202'],
] as const;

export interface OrderSheet {
  /** How many orders; numbered from 1. */
  readonly count: number;
  /** The order numbers' prefix ("CR-") and how many digits they are padded to. */
  readonly prefix: string;
  readonly digits: number;
  /** Orders shipped to a ZIP code that does not exist, so the service refuses them. */
  readonly refused?: readonly string[];
  /** Orders the shop gave up, with the status the sheet gives them (a `Status` column is added when any is). */
  readonly gaveUp?: Readonly<Record<string, 'cancelled' | 'refunded'>>;
  readonly lineEnd?: '\n' | '\r\n';
}

/** A sheet of `count` orders, a row per item. */
export function ordersCsv(sheet: OrderSheet): string {
  const withStatus = sheet.gaveUp !== undefined;
  const lines = [`Order No,Recipient,Street,City,State,Postcode,Country,SKU,Description,Qty,Unit price,Weight,Weight unit${withStatus ? ',Status' : ''}`];
  for (let i = 1; i <= sheet.count; i += 1) {
    const number = `${sheet.prefix}${String(i).padStart(sheet.digits, '0')}`;
    const [city, state, zip] = sheet.refused?.includes(number) === true ? (['San Francisco', 'CA', '00000'] as const) : (PLACES[i % PLACES.length] ?? PLACES[0]);
    for (let item = 0; item <= i % 3; item += 1) {
      const status = withStatus ? `,${sheet.gaveUp?.[number] ?? 'paid'}` : '';
      lines.push(`${number},Pat Rivera ${String(i)},${String(i)} Main St,${city},${state},${zip},US,SKU-${String(item)},Item ${String(item)},${String(1 + (item % 2))},12.50,${String(6 + item * 4)},oz${status}`);
    }
  }
  const end = sheet.lineEnd ?? '\n';
  return `${lines.join(end)}${end}`;
}
