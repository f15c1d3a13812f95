/**
 * The 16 operations of the service plus the two token endpoints, as one table. The client
 * builds requests and parses answers from it, the sandbox routes and validates from it,
 * and the OpenAPI document is generated from it: a change here changes all three.
 */
import type * as z from 'zod';
import type { ErrorCode } from './errors';
import { LocationCreate, LocationDetail, LocationUpdate, GetLocationsQuery, GetLocationsResponse, LocationWriteResponse } from './locations';
import { ShipmentCreate, ShipmentCreateResult } from './shipments';
import { RateShopRequest, RateShopResponse } from './rates';
import { AddressValidationRequest, AddressValidationResponse } from './addressValidation';
import {
  BlockRequest,
  CancelShipmentsRequest,
  CancelShipmentsResponse,
  SearchShipmentsRequest,
  SearchShipmentsResponse,
  ShipmentActionResponse,
  TrackShipmentsRequest,
  TrackShipmentsResponse,
  UpdateShipmentsRequest,
  UpdateShipmentsResponse,
} from './maintenance';
import { ApplyRuleResponse } from './rules';
import { BearerTokenRequest, BearerTokenResponse, OAuthTokenRequest, OAuthTokenResponse } from './auth';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface OperationSpec {
  /** The operation's name as the spec's endpoint table gives it. */
  readonly title: string;
  readonly method: HttpMethod;
  /** Path under {base_url}, with `{id}` where the path carries the id. */
  readonly path: string;
  readonly tag: 'Locations' | 'Shipments' | 'Rates' | 'Addresses' | 'Rules';
  readonly query: z.ZodType | null;
  readonly body: z.ZodType | null;
  readonly response: z.ZodType;
  /**
   * True when sending the request twice has the effect of sending it once, so a client may
   * retry it after a lost answer. Rate shop, validation, search, track and rule preview
   * are POSTs that change nothing, so they count as idempotent.
   */
  readonly idempotent: boolean;
  /** True when the operation changes the service's records (a read-only credential is refused). */
  readonly writes: boolean;
  /** Operations on a list of shipments answer one result per item. */
  readonly batch: boolean;
  /** Error codes this operation answers besides the ones every operation may answer. */
  readonly errorCodes: readonly ErrorCode[];
}

const readOnly = { idempotent: true, writes: false, batch: false } as const;
const write = { idempotent: false, writes: true, batch: false } as const;

export const operations = {
  getLocations: {
    title: 'Get Locations', method: 'GET', path: '/v1/locations', tag: 'Locations',
    query: GetLocationsQuery, body: null, response: GetLocationsResponse, ...readOnly, errorCodes: [],
  },
  getLocation: {
    title: 'Get Location', method: 'GET', path: '/v1/location/{id}', tag: 'Locations',
    query: null, body: null, response: LocationDetail, ...readOnly, errorCodes: ['LocationNotFound'],
  },
  createLocation: {
    title: 'Create Location', method: 'POST', path: '/v1/location', tag: 'Locations',
    query: null, body: LocationCreate, response: LocationWriteResponse, ...write, errorCodes: ['InvalidAddress'],
  },
  updateLocation: {
    title: 'Update Location', method: 'PUT', path: '/v1/location/{id}', tag: 'Locations',
    query: null, body: LocationUpdate, response: LocationWriteResponse, ...write, errorCodes: ['LocationNotFound', 'InvalidAddress'],
  },
  deleteLocation: {
    title: 'Delete Location', method: 'DELETE', path: '/v1/location/{id}', tag: 'Locations',
    query: null, body: null, response: LocationWriteResponse, ...write, errorCodes: ['LocationNotFound'],
  },
  createShipment: {
    title: 'Create Shipment', method: 'POST', path: '/v1/shipment', tag: 'Shipments',
    query: null, body: ShipmentCreate, response: ShipmentCreateResult, ...write, errorCodes: ['InvalidAddress', 'InvalidShipment', 'RateRequestFailed'],
  },
  rateShop: {
    title: 'Rate Shop', method: 'POST', path: '/v1/shipment/rate', tag: 'Rates',
    query: null, body: RateShopRequest, response: RateShopResponse, ...readOnly, errorCodes: ['InvalidShipment', 'InvalidAddress', 'RateRequestFailed'],
  },
  validateAddress: {
    title: 'Address Validation', method: 'POST', path: '/v1/shipment/address_validation', tag: 'Addresses',
    query: null, body: AddressValidationRequest, response: AddressValidationResponse, ...readOnly, errorCodes: ['InvalidAddress', 'AddressValidationFailed'],
  },
  cancelShipments: {
    title: 'Cancel Shipment', method: 'POST', path: '/v1/shipment/cancel', tag: 'Shipments',
    query: null, body: CancelShipmentsRequest, response: CancelShipmentsResponse, ...write, batch: true, errorCodes: ['ShipmentNotFound', 'InvalidTransition', 'ShipmentAlreadyInState'],
  },
  searchShipments: {
    title: 'Search Shipments', method: 'POST', path: '/v1/shipments', tag: 'Shipments',
    query: null, body: SearchShipmentsRequest, response: SearchShipmentsResponse, ...readOnly, errorCodes: [],
  },
  updateShipments: {
    title: 'Update Shipment', method: 'POST', path: '/v1/shipment/update', tag: 'Shipments',
    query: null, body: UpdateShipmentsRequest, response: UpdateShipmentsResponse, ...write, batch: true, errorCodes: ['ShipmentNotFound', 'InvalidTransition'],
  },
  trackShipments: {
    title: 'Track Shipment', method: 'POST', path: '/v1/shipment/track', tag: 'Shipments',
    query: null, body: TrackShipmentsRequest, response: TrackShipmentsResponse, ...readOnly, batch: true, errorCodes: ['ShipmentNotFound'],
  },
  blockShipment: {
    title: 'Block Shipment', method: 'PUT', path: '/v1/shipment/{id}/block', tag: 'Shipments',
    query: null, body: BlockRequest, response: ShipmentActionResponse, ...write, errorCodes: ['ShipmentNotFound', 'InvalidTransition', 'ShipmentAlreadyInState'],
  },
  unblockShipment: {
    title: 'Unblock Shipment', method: 'PUT', path: '/v1/shipment/{id}/unblock', tag: 'Shipments',
    query: null, body: BlockRequest, response: ShipmentActionResponse, ...write, errorCodes: ['ShipmentNotFound', 'InvalidTransition', 'ShipmentAlreadyInState'],
  },
  archiveShipment: {
    title: 'Archive Shipment', method: 'DELETE', path: '/v1/shipment/{id}/archive', tag: 'Shipments',
    query: null, body: null, response: ShipmentActionResponse, ...write, errorCodes: ['ShipmentNotFound', 'InvalidTransition', 'ShipmentAlreadyInState'],
  },
  applyRule: {
    title: 'Apply Business Rule', method: 'POST', path: '/v1/shipment/apply_rule', tag: 'Rules',
    query: null, body: ShipmentCreate, response: ApplyRuleResponse, ...readOnly, errorCodes: [],
  },
} as const satisfies Record<string, OperationSpec>;

export type OperationId = keyof typeof operations;
export const OPERATION_IDS = Object.keys(operations) as OperationId[];

/** Codes any authenticated operation may answer, whatever it does. */
export const COMMON_ERROR_CODES: readonly ErrorCode[] = ['InvalidRequest', 'AuthenticationFailed', 'PermissionDenied', 'RateLimitExceeded'];

/** The request body type of an operation (never for operations without a body). */
export type OperationBody<K extends OperationId> = (typeof operations)[K]['body'] extends z.ZodType ? z.input<(typeof operations)[K]['body']> : never;
/** The query type of an operation (never for operations without a query). */
export type OperationQuery<K extends OperationId> = (typeof operations)[K]['query'] extends z.ZodType ? z.output<(typeof operations)[K]['query']> : never;
/** The parsed answer of an operation. */
export type OperationResponse<K extends OperationId> = z.output<(typeof operations)[K]['response']>;

/** Fills `{id}` in an operation's path; the id is URI-encoded so it cannot change the route. */
export function operationPath(op: OperationSpec, id?: string): string {
  if (!op.path.includes('{id}')) return op.path;
  if (id === undefined || id === '') throw new Error(`${op.title} needs an id`);
  return op.path.replace('{id}', encodeURIComponent(id));
}

/**
 * The token endpoints. OAuth's lives under {auth_url} with no version prefix; the deprecated
 * bearer endpoint lives under {base_url}.
 */
export const tokenEndpoints = {
  oauthToken: {
    title: 'OAuth 2.0 client credentials token', method: 'POST', base: 'auth', path: '/connect/token',
    contentType: 'application/x-www-form-urlencoded', body: OAuthTokenRequest, response: OAuthTokenResponse, deprecated: false,
  },
  bearerToken: {
    title: 'Bearer token (deprecated)', method: 'POST', base: 'service', path: '/v1/authorize/token',
    contentType: 'application/json', body: BearerTokenRequest, response: BearerTokenResponse, deprecated: true,
  },
} as const;
