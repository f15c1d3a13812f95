/**
 * The figures of a commercial invoice, worked out from the shipment before anything is
 * drawn. The service leaves every commodity field optional, so the gaps are filled the
 * way a customs broker would read them (see docs/sandbox/documents.md).
 */
import type { ShipmentCreate } from '../../service/contract';

export interface InvoiceLine {
  readonly description: string;
  readonly countryOfOrigin: string;
  readonly quantity: number;
  /** Per unit, in the shipment's weight unit; undefined when not declared. */
  readonly unitWeight: number | undefined;
  readonly unitValue: number;
  readonly totalValue: number;
}

export interface InvoiceTotals {
  readonly quantity: number;
  /** Sum of quantity x unit weight over the lines that declare a weight. */
  readonly netWeight: number | undefined;
  /** Sum of the packages' weights. */
  readonly grossWeight: number;
  readonly value: number;
  /** `internationalDetail.totalCustomValue` when the caller gave it. */
  readonly declaredValue: number | undefined;
}

const NO_DESCRIPTION = '(no description)';

/** Cents, so that sums of many lines do not drift. */
function money(value: number): number {
  return Math.round(value * 100) / 100;
}

/**
 * One line per commodity; a shipment without commodities falls back to its packages'
 * items. A line without a quantity counts as one unit, one without a country of origin
 * takes the shipper's country, and the unit and total values are derived from each other
 * when only one of them is given.
 */
export function invoiceLines(shipment: ShipmentCreate): InvoiceLine[] {
  const shipperCountry = shipment.shipFrom.country.toUpperCase();
  const commodities = shipment.internationalDetail?.commodities ?? [];
  if (commodities.length > 0) {
    return commodities.map((commodity) => {
      const quantity = commodity.quantity ?? 1;
      const totalValue = commodity.customValue ?? (commodity.unitPrice ?? 0) * quantity;
      const unitValue = commodity.unitPrice ?? (quantity > 0 ? totalValue / quantity : 0);
      return {
        description: commodity.description?.trim() || NO_DESCRIPTION,
        countryOfOrigin: commodity.countryOfOrigin?.toUpperCase() ?? shipperCountry,
        quantity,
        unitWeight: commodity.unitWeight,
        unitValue: money(unitValue),
        totalValue: money(totalValue),
      };
    });
  }
  return shipment.packages.flatMap((pkg) =>
    (pkg.items ?? []).map((item) => {
      const quantity = item.qty ?? 1;
      const unitValue = item.unitPrice ?? 0;
      return {
        description: item.description?.trim() || item.name?.trim() || item.itemId?.trim() || NO_DESCRIPTION,
        countryOfOrigin: shipperCountry,
        quantity,
        unitWeight: item.weight,
        unitValue: money(unitValue),
        totalValue: money(unitValue * quantity),
      };
    }),
  );
}

export function invoiceTotals(shipment: ShipmentCreate, lines: readonly InvoiceLine[]): InvoiceTotals {
  const weighed = lines.filter((line) => line.unitWeight !== undefined);
  return {
    quantity: lines.reduce((sum, line) => sum + line.quantity, 0),
    netWeight: weighed.length === 0 ? undefined : weighed.reduce((sum, line) => sum + line.quantity * (line.unitWeight ?? 0), 0),
    grossWeight: shipment.packages.reduce((sum, pkg) => sum + pkg.weight, 0),
    value: money(lines.reduce((sum, line) => sum + line.totalValue, 0)),
    declaredValue: shipment.internationalDetail?.totalCustomValue,
  };
}
