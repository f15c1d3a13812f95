/**
 * The error envelope of part 7 and the error codes. The codes the spec names come first;
 * the ones after them fill gaps the spec leaves (see docs/service-decisions.md).
 */
import * as z from 'zod';
import { named } from './registry';

export const SPEC_ERROR_CODES = [
  'InvalidRequest',
  'ShipmentNotFound',
  'AddressValidationFailed',
  'RateRequestFailed',
  'AuthenticationFailed',
  'PermissionDenied',
  'InvalidAddress',
  'InvalidShipment',
] as const;

/** Codes the sandbox adds where the spec shows a situation but no code for it. */
export const ADDED_ERROR_CODES = ['LocationNotFound', 'InvalidTransition', 'ShipmentAlreadyInState', 'RateLimitExceeded', 'ServiceUnavailable', 'InternalError'] as const;

export const ERROR_CODES = [...SPEC_ERROR_CODES, ...ADDED_ERROR_CODES] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** The HTTP status the sandbox answers with for each code (the spec shows only 200, 400, 429). */
export const ERROR_STATUS: Readonly<Record<ErrorCode, number>> = {
  InvalidRequest: 400,
  InvalidAddress: 400,
  InvalidShipment: 400,
  AddressValidationFailed: 400,
  RateRequestFailed: 400,
  AuthenticationFailed: 401,
  PermissionDenied: 403,
  ShipmentNotFound: 404,
  LocationNotFound: 404,
  InvalidTransition: 409,
  // A repeat of an action whose effect is in place: a caller resending after a lost answer counts it as done.
  ShipmentAlreadyInState: 409,
  RateLimitExceeded: 429,
  InternalError: 500,
  ServiceUnavailable: 503,
};

/** `type` values: the spec shows ValidationError; the rest are the sandbox's. */
export const ERROR_TYPES = ['ValidationError', 'AuthenticationError', 'AuthorizationError', 'NotFoundError', 'ConflictError', 'RateLimitError', 'ServerError'] as const;
export type ErrorType = (typeof ERROR_TYPES)[number];

/**
 * One error item. `code` stays a plain string, not the enum: a service may add codes, and a
 * client that rejected an error body for an unknown code would hide the real message.
 */
export const ErrorItem = named(
  'ErrorItem',
  z.looseObject({
    code: z.string(),
    message: z.string(),
    type: z.string().optional(),
  }),
);
export type ErrorItem = z.infer<typeof ErrorItem>;

export const ErrorEnvelope = named(
  'ErrorEnvelope',
  z.looseObject({
    success: z.literal(false),
    errors: z.array(ErrorItem),
  }),
  'Failure body of every operation (part 7).',
);
export type ErrorEnvelope = z.infer<typeof ErrorEnvelope>;
