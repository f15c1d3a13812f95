/**
 * The sandbox's rating model: Rate Shop answers and the charges of Create Shipment, from a
 * service catalog of UPS, FedEx, USPS, DHL Express and Old Dominion (LTL). Pure: no clock
 * (callers pass `now`), no I/O. See docs/sandbox/rating.md.
 */
export { rateShop } from './rateShop';
export { quoteShipment, type Quote, type QuotePackage } from './quote';
export type { RatingResult, RatingErrorCode } from './errors';
export { SERVICES, serviceByName } from './services';
export type { ServiceDefinition, ShipMethod } from './serviceTypes';
export { FREIGHT_CLASSES } from './freight';
export { EXCHANGE_RATES, CURRENCY_CODES } from './currency';
