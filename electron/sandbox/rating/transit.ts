/**
 * Transit: business days from pickup (weekends skipped; holidays are not modelled) and the
 * delivery commitment as a UTC instant: the service's local commit time at the
 * destination, or end of day (20:00 local) when it has none.
 */
const DAY_MS = 86_400_000;
const END_OF_DAY = '20:00';

/** 0 = Sunday … 6 = Saturday; day 0 of the epoch (1970-01-01) was a Thursday. */
function weekday(dayMs: number): number {
  return (Math.floor(dayMs / DAY_MS) + 4) % 7;
}

function startOfUtcDay(ms: number): number {
  return Math.floor(ms / DAY_MS) * DAY_MS;
}

/** The first business day on or after `dayMs`. */
function nextBusinessDay(dayMs: number): number {
  let day = dayMs;
  while (weekday(day) === 0 || weekday(day) === 6) day += DAY_MS;
  return day;
}

/** Pickup day: the ship date's UTC day, or today's when the ship date has passed, moved past a weekend. */
export function pickupDay(shipDate: Date, now: Date): number {
  return nextBusinessDay(Math.max(startOfUtcDay(shipDate.getTime()), startOfUtcDay(now.getTime())));
}

export function addBusinessDays(dayMs: number, days: number): number {
  let day = dayMs;
  for (let left = days; left > 0; left -= 1) day = nextBusinessDay(day + DAY_MS);
  return day;
}

/** Answers already worked out: a rate shop asks for the same few dozen over and over. */
const memo = new Map<string, string>();
const MEMO_LIMIT = 10_000;

/** ISO instant of delivery `days` business days after `pickup`, at `commitTime` local to a zone `utcOffset` hours east. */
export function estimatedDelivery(pickup: number, days: number, commitTime: string | undefined, utcOffset: number): string {
  const key = `${pickup}|${days}|${commitTime ?? ''}|${utcOffset}`;
  const known = memo.get(key);
  if (known !== undefined) return known;
  const [hours = 20, minutes = 0] = (commitTime ?? END_OF_DAY).split(':').map(Number);
  const localMs = addBusinessDays(pickup, days) + (hours * 60 + minutes) * 60_000;
  const instant = new Date(localMs - utcOffset * 3_600_000).toISOString().replace('.000Z', 'Z');
  if (memo.size >= MEMO_LIMIT) memo.clear();
  memo.set(key, instant);
  return instant;
}
