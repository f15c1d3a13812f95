/**
 * Local search over cached shipments (FTS5). Results come newest first: the index's rowids
 * are the shipments' time-ordered seq, so SQLite walks the index backwards and stops after
 * one page instead of sorting every match. Design and figures: docs/store.md.
 */
import * as z from 'zod';
import { parseInput } from './rows';
import { matchExpression } from './searchText';
import { parseSummaryRow, SUMMARY_SELECT, type ShipmentSummary } from './shipmentRecords';
import { statement, type Db } from './statements';

/** Totals above this are not counted exactly: counting every match of "a" costs more than the page. */
export const TOTAL_COUNT_CAP = 1000;

export interface SearchResult {
  results: ShipmentSummary[];
  /** Exact number of matches, when there are at most TOTAL_COUNT_CAP. */
  total?: number;
  /** Set instead of `total` when there are more: "1000+". */
  totalAtLeast?: number;
}

const Options = z.object({
  limit: z.number().int().min(1).max(500),
  offset: z.number().int().min(0).optional(),
});

function withTotal(results: ShipmentSummary[], counted: number): SearchResult {
  return counted > TOTAL_COUNT_CAP ? { results, totalAtLeast: TOTAL_COUNT_CAP } : { results, total: counted };
}

/**
 * Shipments matching every word of `text` (tracking numbers, ids, references, recipient),
 * newest first. Text with nothing to search for lists the newest shipments.
 */
export function searchShipments(db: Db, text: string, options: { limit: number; offset?: number }): SearchResult {
  const { limit, offset = 0 } = parseInput(Options, options, 'search options');
  const match = matchExpression(text);
  if (match === null) {
    const rows = statement(db, `SELECT ${SUMMARY_SELECT} FROM shipments ORDER BY seq DESC LIMIT ? OFFSET ?`).all(limit, offset);
    const counted = statement(db, 'SELECT count(*) AS n FROM (SELECT 1 FROM shipments LIMIT ?)').get(TOTAL_COUNT_CAP + 1) as { n: number };
    return withTotal(rows.map(parseSummaryRow), counted.n);
  }
  const rows = statement(
    db,
    `SELECT ${SUMMARY_SELECT} FROM shipments
     WHERE seq IN (SELECT rowid FROM shipment_search WHERE shipment_search MATCH ? ORDER BY rowid DESC LIMIT ? OFFSET ?)
     ORDER BY seq DESC`,
  ).all(match, limit, offset);
  const counted = statement(db, 'SELECT count(*) AS n FROM (SELECT rowid FROM shipment_search WHERE shipment_search MATCH ? LIMIT ?)').get(match, TOTAL_COUNT_CAP + 1) as {
    n: number;
  };
  return withTotal(rows.map(parseSummaryRow), counted.n);
}
