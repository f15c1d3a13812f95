/**
 * Schema 13: `print_jobs.layout`, how each label of a sent job was laid out (its true size, the
 * stock, the printed scale, a crop and the notes said about it), as JSON. Kept with the job so the
 * history can say, long after, that a label came out at 76% or was cut out of an A4 sheet.
 */
import type { Migration } from './types';

const SQL = `
ALTER TABLE print_jobs ADD COLUMN layout TEXT;
`;

export const printLayoutSchema: Migration = {
  version: 13,
  name: 'how a print job laid out its labels',
  up(db) {
    db.exec(SQL);
  },
};
