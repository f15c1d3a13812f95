/**
 * Schema 7: `print_jobs.target_printer`, the printer the station chose for a job: the one the job
 * named, or the label or document printer of the moment when it named none (`printer` stays null
 * then, so a reprint of it follows the settings). The print history, the Ship screen and a batch
 * say where a label went from it; before, they guessed from the CUPS job id.
 * Rows from before are filled from what they have: the printer they named, else the queue name
 * that starts a CUPS job id ("label4x6-17").
 */
import type { Migration } from './types';

const SQL = `
ALTER TABLE print_jobs ADD COLUMN target_printer TEXT;
UPDATE print_jobs SET target_printer = coalesce(
  printer,
  CASE WHEN cups_job_id GLOB '?*-[0-9]*' AND rtrim(cups_job_id, '0123456789') GLOB '?*-'
       THEN substr(cups_job_id, 1, length(rtrim(cups_job_id, '0123456789')) - 1) END
);
`;

export const printTargetSchema: Migration = {
  version: 7,
  name: 'the printer each print job went to',
  up(db) {
    db.exec(SQL);
  },
};
