/**
 * Local days and business days for tracking timelines. A "day" is a whole number counting
 * local calendar days since 1970-01-01, so days of places in different time zones compare
 * as calendar dates do.
 */

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** The local calendar day of an instant at a place `offsetHours` from UTC. */
export function localDay(instant: number, offsetHours: number): number {
  return Math.floor((instant + offsetHours * HOUR) / DAY);
}

/** The local time of day of an instant, in hours (0 to 24). */
export function localHour(instant: number, offsetHours: number): number {
  const local = instant + offsetHours * HOUR;
  return (local - Math.floor(local / DAY) * DAY) / HOUR;
}

/** The instant at `hour` (may be fractional) local time on `day`. */
export function atLocalTime(day: number, hour: number, offsetHours: number): number {
  return day * DAY + (hour - offsetHours) * HOUR;
}

/** Monday to Friday; carriers' published transit days skip weekends (holidays are not modelled). */
export function isBusinessDay(day: number): boolean {
  // 1970-01-01 was a Thursday: day 0 is weekday 4 counting Sunday as 0.
  const weekday = (((day + 4) % 7) + 7) % 7;
  return weekday !== 0 && weekday !== 6;
}

export function nextBusinessDay(day: number): number {
  let next = day + 1;
  while (!isBusinessDay(next)) next++;
  return next;
}

/** The business day `count` business days after `day`. */
export function addBusinessDays(day: number, count: number): number {
  let result = day;
  for (let i = 0; i < count; i++) result = nextBusinessDay(result);
  return result;
}

/** Business days before each day of a week that starts on a Thursday (day 0 is one). */
const BUSINESS_DAYS_BEFORE = [0, 1, 2, 2, 2, 3, 4] as const;
/** Offsets of the five business days within such a week: Thu, Fri, Mon, Tue, Wed. */
const BUSINESS_DAY_OFFSETS = [0, 1, 4, 5, 6] as const;

/**
 * Milliseconds of weekday time (UTC) from the epoch to `instant`: a clock that stops over
 * weekends, so scans spread over it land on working days, as a network's sorts do.
 */
export function businessClock(instant: number): number {
  const day = Math.floor(instant / DAY);
  const week = Math.floor(day / 7);
  const dayInWeek = day - week * 7;
  const before = (week * 5 + (BUSINESS_DAYS_BEFORE[dayInWeek] ?? 0)) * DAY;
  return isBusinessDay(day) ? before + (instant - day * DAY) : before;
}

/** The instant a businessClock reading stands for (the earliest one, for a weekend). */
export function fromBusinessClock(clock: number): number {
  const businessDays = Math.floor(clock / DAY);
  const week = Math.floor(businessDays / 5);
  const day = week * 7 + (BUSINESS_DAY_OFFSETS[businessDays - week * 5] ?? 0);
  return day * DAY + (clock - businessDays * DAY);
}
