/**
 * Schema 8: `shipments_set_aside`, the few shipments whose status is not "Created" (cancelled,
 * archived, blocked, still queued at the station, …): a twelfth of a store's, in an index of a
 * few megabytes that stays in the page cache where the whole status index (33 MB at a million)
 * does not. A search checks a candidate's status there: "Created" is being absent from it, any
 * other status is a seek in it. See docs/store.md, "Filters".
 */
import type { Migration } from './types';

const SQL = `
CREATE INDEX shipments_set_aside ON shipments (seq, status) WHERE status IS NOT 'Created';
`;

export const setAsideStatusSchema: Migration = {
  version: 8,
  name: 'an index of the shipments not in status Created',
  up(db) {
    db.exec(SQL);
  },
};
