/** Shipping documents the sandbox returns with a shipment: labels and commercial invoices. */
export { renderLabel, LABEL_LAYOUT } from './label';
export type { LabelInput } from './label';
export { renderCommercialInvoice } from './invoice';
export type { CommercialInvoiceInput } from './invoice';
export { DocumentInputError } from './input-error';
