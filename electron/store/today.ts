/**
 * The day at a glance: every figure of `getToday`, counted in SQL over the store in one read
 * transaction. Shipments of a period are reached by rowid: `seq` is made from `created_at`
 * (created_at * 1024 + n, never below that), so `seq >= from * 1024` skips every older row
 * before any JSON is read. Delivery exceptions are looked for among the shipments still moving,
 * the rows of the `shipments_to_track` index.
 */
import * as z from 'zod';
import { DELIVERY_EXCEPTIONS_SHOWN, isTimeZone, type CarrierSpend, type DayAtAGlance, type DeliveryException, type PackageCost } from '../api/today';
import { DELIVERY_PROBLEM_STATUSES } from '../api/tracking';
import type { OutboxState } from '../api/outbox';
import { StoreInputError } from './errors';
import { parseRow } from './rows';
import { FINAL_STATUSES } from './shipmentRecords';
import { atomically, statement, type Db } from './statements';
import { latestEventSql, trackingStatusSql } from './tracking';


/** Rowids per millisecond of created_at, as the shipments module allocates them. */
const SEQ_PER_MS = 1024;

// ---- Days and weeks in a time zone ---------------------------------------------------------

interface LocalDate {
  readonly year: number;
  readonly month: number;
  readonly day: number;
}

function localDateOf(format: Intl.DateTimeFormat, at: number): LocalDate {
  const parts = Object.fromEntries(format.formatToParts(at).map((part) => [part.type, part.value]));
  return { year: Number(parts.year), month: Number(parts.month), day: Number(parts.day) };
}

const dateNumber = (date: LocalDate): number => date.year * 10_000 + date.month * 100 + date.day;

/** The calendar date `days` after `date` (no time zone involved). */
function addDays(date: LocalDate, days: number): LocalDate {
  const moved = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: moved.getUTCFullYear(), month: moved.getUTCMonth() + 1, day: moved.getUTCDate() };
}

/**
 * The first instant of `date` in the formatter's zone: its local midnight, or the first moment
 * after it where a clock change skips midnight. Zones are between UTC-12 and UTC+14, so that
 * instant lies within 15 hours of the date's UTC midnight; found to the second (clock changes
 * happen on whole seconds).
 */
function startOfDay(format: Intl.DateTimeFormat, date: LocalDate): number {
  const target = dateNumber(date);
  const utcMidnight = Date.UTC(date.year, date.month - 1, date.day);
  let before = utcMidnight / 1000 - 15 * 3600;
  let from = utcMidnight / 1000 + 15 * 3600;
  while (from - before > 1) {
    const middle = Math.floor((before + from) / 2);
    if (dateNumber(localDateOf(format, middle * 1000)) >= target) from = middle;
    else before = middle;
  }
  return from * 1000;
}

export interface Periods {
  readonly timeZone: string;
  readonly day: { readonly from: number; readonly to: number };
  /** From Monday's local midnight to the next Monday's. */
  readonly week: { readonly from: number; readonly to: number };
}

/** Today and this week (from Monday) around `now` in `timeZone`, an IANA name. */
export function periodsAround(now: number, timeZone: string): Periods {
  if (!isTimeZone(timeZone)) throw new StoreInputError('timeZone', [`"${timeZone}" is not a time zone this computer knows: use an IANA name such as Europe/Berlin`]);
  const format = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric' });
  const today = localDateOf(format, now);
  // 0 is Sunday: Monday is 6 days before a Sunday, 0 before a Monday.
  const sinceMonday = (new Date(Date.UTC(today.year, today.month - 1, today.day)).getUTCDay() + 6) % 7;
  const monday = addDays(today, -sinceMonday);
  return {
    timeZone: format.resolvedOptions().timeZone,
    day: { from: startOfDay(format, today), to: startOfDay(format, addDays(today, 1)) },
    week: { from: startOfDay(format, monday), to: startOfDay(format, addDays(monday, 7)) },
  };
}

// ---- The figures ---------------------------------------------------------------------------

/** The shipments created in [@from, @to): rows from @from's seq on, so older rows are never read. */
const IN_PERIOD = 'seq >= @fromSeq AND created_at >= @from AND created_at < @to';

const COUNTS_SQL = `SELECT
    count(*) AS week,
    count(*) FILTER (WHERE created_at >= @dayFrom AND created_at < @dayTo) AS today,
    count(*) FILTER (WHERE created_at >= @dayFrom AND created_at < @dayTo AND service_id IS NULL) AS unsent
  FROM shipments WHERE ${IN_PERIOD} AND status <> 'discarded'`;

/**
 * The charge of each shipment of the period the service created and did not void: the account
 * rate (`totalDiscountFreight`), else the published one (`totalFreight`), in the billing
 * currency (the contract spells it `currencyCode`; `currencycode`, as rates spell it, is read too),
 * and its packages: the `cost`, `currency` and `packages` columns (schema 3), which the write
 * path fills from the create input and result, so no record's JSON is read here (the store
 * keeps those packed).
 */
const BILLED = `billed AS MATERIALIZED (
    SELECT carrier, currency, cost AS amount, packages
    FROM shipments
    WHERE ${IN_PERIOD} AND result IS NOT NULL AND status NOT IN ('Cancelled', 'discarded')
  ), charged AS (SELECT * FROM billed WHERE typeof(amount) IN ('integer', 'real'))`;

const SPEND_SQL = `WITH ${BILLED}
  SELECT carrier, currency, round(total(amount), 2) AS amount, count(*) AS shipments
  FROM charged GROUP BY carrier, currency ORDER BY amount DESC, carrier, currency`;

const PACKAGE_COST_SQL = `WITH ${BILLED}
  SELECT currency, round(total(amount), 2) AS amount, sum(packages) AS packages, round(total(amount) / sum(packages), 2) AS average
  FROM charged GROUP BY currency ORDER BY currency`;

const finals = FINAL_STATUSES.map((status) => `'${status}'`).join(', ');
const problems = DELIVERY_PROBLEM_STATUSES.map((status) => `'${status}'`).join(', ');

/**
 * Shipments still moving whose latest event is a problem. They are read through the partial
 * index `shipments_to_track` (schema 1), named here because the planner would otherwise walk
 * the service id index over every shipment ever cached.
 */
const EXCEPTIONS_SQL = `WITH moving AS MATERIALIZED (
    SELECT seq, station_ref, tracking_number, order_number, carrier, delivered, ${latestEventSql('tracking_record')} AS latest
    FROM shipments INDEXED BY shipments_to_track
    WHERE delivered = 0 AND service_id IS NOT NULL AND status NOT IN (${finals}) AND tracking_record IS NOT NULL
  ), judged AS MATERIALIZED (
    SELECT *, ${trackingStatusSql('delivered', 'latest')} AS status FROM moving
  )
  SELECT station_ref, tracking_number, order_number, carrier, status, latest ->> '$.description' AS description, latest ->> '$.eventOn' AS event_on
  FROM judged WHERE status IN (${problems})
  ORDER BY julianday(event_on) DESC, seq DESC LIMIT ${DELIVERY_EXCEPTIONS_SHOWN}`;

const WAITING: readonly OutboxState[] = ['pending', 'sending', 'unknown'];
const NEEDS_PERSON: readonly OutboxState[] = ['failed', 'needs_review'];
const quoted = (states: readonly string[]): string => states.map((state) => `'${state}'`).join(', ');

const OUTBOX_SQL = `SELECT
    count(*) FILTER (WHERE state IN (${quoted(WAITING)})) AS waiting,
    count(*) FILTER (WHERE state IN (${quoted(NEEDS_PERSON)})) AS needs_person
  FROM outbox WHERE state IN (${quoted([...WAITING, ...NEEDS_PERSON])})`;

const PRINT_PROBLEMS_SQL = "SELECT count(*) AS n FROM print_jobs WHERE state = 'failed' AND resolved_at IS NULL";

const count = z.number().int().min(0);
const nullableText = z.string().nullable();
const CountsRow = z.object({ week: count, today: count, unsent: count });
const SpendRow = z.object({ carrier: nullableText, currency: nullableText, amount: z.number(), shipments: count });
const PackageCostRow = z.object({ currency: nullableText, amount: z.number(), packages: count, average: z.number() });
const ExceptionRow = z.object({
  station_ref: z.string(),
  tracking_number: nullableText,
  order_number: nullableText,
  carrier: nullableText,
  status: z.enum(DELIVERY_PROBLEM_STATUSES),
  description: nullableText,
  event_on: nullableText,
});
const OutboxRow = z.object({ waiting: count, needs_person: count });
const PrintProblemsRow = z.object({ n: count });

/** The statements, for tests that check how they read the table. */
export const TODAY_SQL = { counts: COUNTS_SQL, spend: SPEND_SQL, costPerPackage: PACKAGE_COST_SQL, exceptions: EXCEPTIONS_SQL } as const;

function period(from: number, to: number): { from: number; to: number; fromSeq: number } {
  return { from, to, fromSeq: Math.max(0, Math.floor(from)) * SEQ_PER_MS };
}

function spendIn(db: Db, from: number, to: number): CarrierSpend[] {
  return statement(db, SPEND_SQL)
    .all(period(from, to))
    .map((row) => parseRow(SpendRow, row, 'spend by carrier'));
}

/**
 * The day at a glance at `now` (the station's clock), with days and the week counted in
 * `timeZone`. Reads only: one transaction, so every figure is of the same moment.
 */
export function dayAtAGlance(db: Db, args: { now: number; timeZone: string }): DayAtAGlance {
  const { timeZone, day, week } = periodsAround(args.now, args.timeZone);
  return atomically(db, () => {
    const counts = parseRow(CountsRow, statement(db, COUNTS_SQL).get({ ...period(week.from, week.to), dayFrom: day.from, dayTo: day.to }), 'shipment counts');
    const costPerPackage: PackageCost[] = statement(db, PACKAGE_COST_SQL)
      .all(period(week.from, week.to))
      .map((row) => {
        const parsed = parseRow(PackageCostRow, row, 'cost per package');
        return { currency: parsed.currency, amount: parsed.amount, packages: parsed.packages, averagePerPackage: parsed.average };
      });
    const deliveryExceptions: DeliveryException[] = statement(db, EXCEPTIONS_SQL)
      .all()
      .map((row) => {
        const parsed = parseRow(ExceptionRow, row, 'delivery exception');
        return {
          stationRef: parsed.station_ref,
          trackingNumber: parsed.tracking_number,
          orderNumber: parsed.order_number,
          carrier: parsed.carrier,
          status: parsed.status,
          description: parsed.description,
          eventOn: parsed.event_on,
        };
      });
    const outbox = parseRow(OutboxRow, statement(db, OUTBOX_SQL).get(), 'outbox counts');
    const printProblems = parseRow(PrintProblemsRow, statement(db, PRINT_PROBLEMS_SQL).get(), 'print problems');
    return {
      timeZone,
      now: args.now,
      today: { ...day, shipments: counts.today, unsent: counts.unsent, spend: spendIn(db, day.from, day.to) },
      week: { ...week, shipments: counts.week, spend: spendIn(db, week.from, week.to), costPerPackage },
      outbox: { waiting: outbox.waiting, needsPerson: outbox.needs_person },
      deliveryExceptions,
      printProblems: printProblems.n,
    };
  });
}
