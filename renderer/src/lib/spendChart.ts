/** Spend by carrier for the Today chart, from the station's figures. */
import type { CarrierSpend, DayAtAGlance } from '../../../electron/api';

/** A chart's series: spend per carrier in one currency, today and this week. */
export interface SpendChart {
  readonly currency: string | null;
  readonly carriers: readonly string[];
  readonly today: readonly number[];
  readonly week: readonly number[];
}

const carrierName = (spend: CarrierSpend): string => spend.carrier ?? 'Unknown carrier';
const cents = (value: number): number => Math.round(value * 100) / 100;

/** The chart of the currency most was spent in this week (other currencies stay in the table). */
export function spendChart(day: DayAtAGlance): SpendChart | undefined {
  const byCurrency = new Map<string | null, number>();
  for (const spend of day.week.spend) byCurrency.set(spend.currency, (byCurrency.get(spend.currency) ?? 0) + spend.amount);
  const [currency] = [...byCurrency.entries()].sort((a, b) => b[1] - a[1])[0] ?? [];
  if (currency === undefined) return undefined;
  const inCurrency = (list: readonly CarrierSpend[]) => list.filter((spend) => spend.currency === currency);
  const carriers = [...new Set(inCurrency(day.week.spend).map(carrierName))].sort();
  const sum = (list: readonly CarrierSpend[], carrier: string): number => cents(inCurrency(list).filter((s) => carrierName(s) === carrier).reduce((total, s) => total + s.amount, 0));
  return { currency, carriers, today: carriers.map((c) => sum(day.today.spend, c)), week: carriers.map((c) => sum(day.week.spend, c)) };
}
