/**
 * The station API: the one contract between the UI and the station, whatever carries it. It
 * owns every name list, schema and view type it shows; it imports nothing but zod and the
 * service contract (eslint.config.js holds it to that), so the renderer's type imports reach
 * no station code.
 */
export * from './methods';
export * from './result';
export * from './profiles';
export * from './stationRef';
export * from './outbox';
export * from './printing';
export * from './shipments';
export * from './settings';
export * from './stationEvents';
export * from './tracking';
export * from './today';
export * from './orders';
export * from './batches';
export * from './warehouse';
