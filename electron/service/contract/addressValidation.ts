/** Address validation and standardization (spec 2.7). */
import * as z from 'zod';
import { named } from './registry';
import { OpaqueObject, TEXT_LIMITS, text } from './fields';
import { ShipmentAddress } from './shipments';
import { ErrorItem } from './errors';

/** The shipment address plus the tax and type hints validation may use. */
export const AddressInput = named(
  'AddressInput',
  ShipmentAddress.extend({
    area: text(TEXT_LIMITS.text).optional(),
    vatorTax: text(TEXT_LIMITS.code).optional(),
    vatorTaxType: text(TEXT_LIMITS.code).optional(),
    vatorTaxTypeCountryCode: text(TEXT_LIMITS.code).optional(),
    addressType: text(TEXT_LIMITS.code).optional(),
  }),
);
export type AddressInput = z.infer<typeof AddressInput>;

export const AddressValidationRequest = named('AddressValidationRequest', z.looseObject({ address: AddressInput }));
export type AddressValidationRequest = z.infer<typeof AddressValidationRequest>;

/** An address as the service standardized it: every field optional, plus its verdict. Shown, not re-validated. */
export const ValidatedAddress = named(
  'ValidatedAddress',
  z.looseObject({
    addressId: z.string().optional(),
    companyName: z.string().optional(),
    contactName: z.string().optional(),
    emailAddress: z.string().optional(),
    phoneNumber1: z.string().optional(),
    address1: z.string().optional(),
    address2: z.string().optional(),
    city: z.string().optional(),
    stateProvince: z.string().optional(),
    country: z.string().optional(),
    zipPostalCode: z.string().optional(),
    fullAddress: z.string().optional(),
    verified: z.boolean().optional(),
  }),
);
export type ValidatedAddress = z.infer<typeof ValidatedAddress>;

export const VALIDATION_STATUSES = ['Valid', 'Invalid', 'Partial'] as const;
export const MESSAGE_TYPES = ['Info', 'Warning', 'Error'] as const;

export const ValidationOption = named(
  'ValidationOption',
  z.looseObject({
    key: z.string().optional(),
    value: z.string().optional(),
    message: z.string().optional(),
    messageType: z.string().optional(),
  }),
);
export type ValidationOption = z.infer<typeof ValidationOption>;

/**
 * `status` is required: it is the answer. It stays a plain string so that a service's
 * fourth status is shown to the packer rather than turned into a parse failure.
 */
export const AddressValidationResponse = named(
  'AddressValidationResponse',
  z.looseObject({
    success: z.boolean().optional(),
    errors: z.array(ErrorItem).optional(),
    warnings: z.array(z.string()).optional(),
    validatedAddress: z.array(ValidatedAddress).optional(),
    status: z.string(),
    addressType: z.string().optional(),
    remarks: OpaqueObject.optional(),
    validationOptions: z.array(ValidationOption).optional(),
  }),
);
export type AddressValidationResponse = z.infer<typeof AddressValidationResponse>;
