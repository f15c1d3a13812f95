/**
 * Schema 3: what the Shipments screen lists and filters by, as columns of `shipments`: the
 * carrier's service level, the cost and its currency, the ship-from location, the number of
 * packages and the ship date. Rows already stored get them from the JSON they hold, the way
 * the store's write path sets them (electron/store/shipmentFields.ts): from the search record
 * (the latest the service said) first, then the create result, then the create input. A
 * column no record fills stays null (packages: 1). JSON that does not parse fills nothing.
 */
import type { Migration } from './types';

/** `expression` for rows whose `column` holds valid JSON; NULL otherwise (json_* would throw). */
function ifValid(column: string, expression: string): string {
  return `CASE WHEN json_valid(${column}) THEN ${expression} END`;
}

/** A non-blank string at `path`. */
function textAt(column: string, path: string): string {
  return ifValid(column, `CASE WHEN json_type(${column}, '${path}') = 'text' AND trim(json_extract(${column}, '${path}')) <> '' THEN json_extract(${column}, '${path}') END`);
}

/** A number at `path`. */
function numberAt(column: string, path: string): string {
  return ifValid(column, `CASE WHEN json_type(${column}, '${path}') IN ('integer', 'real') THEN json_extract(${column}, '${path}') END`);
}

/** A whole number of packages from 1. */
function countAt(expression: string): string {
  return `(SELECT n FROM (SELECT ${expression} AS n) WHERE typeof(n) = 'integer' AND n >= 1)`;
}

/** An ISO date and time at `path` as ms since 1970. */
function timeAt(column: string, path: string): string {
  return `CAST(round(unixepoch(${textAt(column, path)}, 'subsec') * 1000) AS INTEGER)`;
}

const FILL = `
UPDATE shipments SET
  carrier_service_level = coalesce(${textAt('search_record', '$.shipmentInfo.serviceLevel')}, ${textAt('result', '$.carrierServiceLevel')}, ${textAt('input', '$.shipmentInfo.serviceLevel')}),
  cost = coalesce(
    ${numberAt('search_record', '$.billingDetail.totalDiscountFreight')}, ${numberAt('search_record', '$.billingDetail.totalFreight')},
    ${numberAt('result', '$.billingDetail.totalDiscountFreight')}, ${numberAt('result', '$.billingDetail.totalFreight')}),
  currency = coalesce(${textAt('search_record', '$.billingDetail.currencyCode')}, ${textAt('result', '$.billingDetail.currencyCode')}),
  location_id = coalesce(
    ${textAt('search_record', '$.location')}, ${textAt('search_record', '$.locationId')}, ${textAt('input', '$.location')},
    (SELECT min(id) FROM locations WHERE location_name = ${textAt('search_record', '$.locationName')} HAVING count(*) = 1)),
  packages = coalesce(
    ${countAt(numberAt('search_record', '$.totalPackage'))},
    ${countAt(ifValid('result', "json_array_length(result, '$.packages')"))},
    ${countAt(ifValid('input', "json_array_length(input, '$.packages')"))},
    1),
  ship_date = coalesce(${timeAt('search_record', '$.shipmentDate')}, ${timeAt('input', '$.shipDate')})
WHERE search_record IS NOT NULL OR result IS NOT NULL OR input IS NOT NULL;
`;

const SQL = `
ALTER TABLE shipments ADD COLUMN carrier_service_level TEXT;
ALTER TABLE shipments ADD COLUMN cost REAL;
ALTER TABLE shipments ADD COLUMN currency TEXT;
ALTER TABLE shipments ADD COLUMN location_id TEXT;
ALTER TABLE shipments ADD COLUMN packages INTEGER NOT NULL DEFAULT 1 CHECK (packages >= 1);
ALTER TABLE shipments ADD COLUMN ship_date INTEGER;
${FILL}
`;

export const shipmentListSchema: Migration = {
  version: 3,
  name: 'shipment list columns: service level, cost, currency, location, packages, ship date',
  up(db) {
    db.exec(SQL);
  },
};
