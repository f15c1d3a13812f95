/**
 * Taxes on transportation, where the lane has them: Canada's GST/HST (and Quebec's QST)
 * by the province where the shipment ends, UK VAT, and VAT within one EU country.
 * International shipments are exports (zero-rated) and the US has no tax on freight.
 */
import type { Route } from './zones';

export interface TaxRate {
  readonly name: string;
  readonly code: string;
  /** Percent. */
  readonly percent: number;
}

const GST: TaxRate = { name: 'GST', code: 'GST', percent: 5 };
const hst = (percent: number): TaxRate => ({ name: 'HST', code: 'HST', percent });

const CANADA: Readonly<Record<string, readonly TaxRate[]>> = {
  ON: [hst(13)],
  NB: [hst(15)],
  NL: [hst(15)],
  PE: [hst(15)],
  NS: [hst(14)],
  QC: [GST, { name: 'QST', code: 'QST', percent: 9.975 }],
};

/** Standard VAT rates (percent), 2025. */
const VAT: Readonly<Record<string, number>> = {
  GB: 20,
  AT: 20, BE: 21, BG: 20, HR: 25, CY: 19, CZ: 21, DK: 25, EE: 24, FI: 25.5, FR: 20, DE: 19, GR: 24, HU: 27, IE: 23,
  IT: 22, LV: 21, LT: 21, LU: 17, MT: 18, NL: 21, PL: 23, PT: 23, RO: 21, SK: 23, SI: 22, ES: 21, SE: 25,
};

const NONE: readonly TaxRate[] = [];

export function taxRatesFor(route: Route): readonly TaxRate[] {
  if (route.lane === 'CA') return CANADA[route.to.subdivision ?? ''] ?? [GST];
  if (route.lane === 'DOMESTIC') {
    const percent = VAT[route.to.country];
    return percent === undefined ? NONE : [{ name: 'VAT', code: 'VAT', percent }];
  }
  return NONE;
}
