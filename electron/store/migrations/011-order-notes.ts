/**
 * Schema 11: what a packer reads before closing the box. `orders.note` is the buyer's note and
 * `orders.gift_message` the message to put in the box. An item's barcode (UPC, EAN) lives in the
 * items' JSON, where an older row simply has none.
 */
import type { Migration } from './types';

const SQL = `
ALTER TABLE orders ADD COLUMN note TEXT;
ALTER TABLE orders ADD COLUMN gift_message TEXT;
`;

export const orderNotesSchema: Migration = {
  version: 11,
  name: 'order notes, gift messages and item barcodes',
  up(db) {
    db.exec(SQL);
  },
};
