/** The columns of the shipments CSV: what a shop or an accountant needs per shipment. */
import type { ShipmentSummary } from '../../../electron/api';
import type { CsvColumn } from './csv';

const iso = (ms: number | null): string => (ms === null ? '' : new Date(ms).toISOString());

export const SHIPMENT_CSV_COLUMNS: readonly CsvColumn<ShipmentSummary>[] = [
  { header: 'Order number', value: (s) => s.orderNumber },
  { header: 'Tracking number', value: (s) => s.trackingNumber },
  { header: 'Carrier', value: (s) => s.carrier },
  { header: 'Service', value: (s) => s.carrierServiceLevel },
  { header: 'Status', value: (s) => s.status },
  { header: 'Cost', value: (s) => s.cost },
  { header: 'Currency', value: (s) => s.currency },
  { header: 'Packages', value: (s) => s.packages },
  { header: 'Ship date', value: (s) => iso(s.shipDate) },
  { header: 'Ship to', value: (s) => s.shipToName },
  { header: 'Company', value: (s) => s.shipToCompany },
  { header: 'City', value: (s) => s.shipToCity },
  { header: 'Customer PO', value: (s) => s.customerPo },
  { header: 'Station reference', value: (s) => s.stationRef },
  { header: 'Service id', value: (s) => s.serviceId },
  { header: 'Created', value: (s) => iso(s.createdAt) },
];
