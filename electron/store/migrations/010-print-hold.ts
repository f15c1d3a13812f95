/**
 * Schema 10: `print_jobs.hold_note`, why a job still queued is kept back (its printer is paused),
 * until it is sent or fails. The hold used to be said only in an event, so a screen that read the
 * job after the event saw a job about to print.
 */
import type { Migration } from './types';

const SQL = `
ALTER TABLE print_jobs ADD COLUMN hold_note TEXT;
`;

export const printHoldSchema: Migration = {
  version: 10,
  name: 'why a queued print job is held',
  up(db) {
    db.exec(SQL);
  },
};
