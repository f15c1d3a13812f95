/**
 * Strict schemas of exactly what the spec (shipping-service-interface.md) names in each
 * answer, written from its text, for holding the sandbox's answers to it. Every object is a
 * z.strictObject: a field the spec does not name fails, unless it is listed here as one of the
 * sandbox's documented extensions, with a comment pointing to where it is documented.
 *
 * Strict is for what the sandbox sends. The client's own schemas (electron/service/contract)
 * stay tolerant of whatever a real service adds; these are not the client's and must not be.
 *
 * Required-ness: the spec gives none for answers. A field is required here whenever the
 * sandbox always has its value; it is optional only where the spec says "may be absent", or
 * where the field echoes an input the caller may leave out (a location's groupId), or where
 * docs/service-decisions.md records why it can be absent.
 */
import * as z from 'zod';
import { ERROR_CODES, ERROR_TYPES } from '../../electron/service/contract';

const str = z.string();
const num = z.number();
const int = z.number().int();
const bool = z.boolean();
/** "Date-time values are ISO 8601 strings in UTC." */
const dateTime = z.iso.datetime();
/** Inner fields "not shown" in the spec: any object. */
const opaque = z.record(z.string(), z.unknown());

// ---- Part 7: the failure body ----------------------------------------------------------

/** `type`: the spec shows ValidationError; the others are the sandbox's (docs/service-decisions.md, Errors). */
export const ErrorItem = z.strictObject({ code: z.enum(ERROR_CODES), message: str.min(1), type: z.enum(ERROR_TYPES) });
export const ErrorEnvelope = z.strictObject({ success: z.literal(false), errors: z.array(ErrorItem).min(1) });

/**
 * A failed item of a batch whose other items may succeed. The spec: "Shape of a failed item
 * inside a batch result when other items succeed: not shown"; docs/service-decisions.md,
 * "Batches (cancel, update, track)": `{ success: false, shipment_Id, message, errors }`.
 */
const failedItemFields = { success: z.literal(false), shipment_Id: str, message: str.min(1), errors: z.array(ErrorItem).min(1) };
export const FailedItem = z.strictObject(failedItemFields);

// ---- 2.1 Locations -----------------------------------------------------------------

const LocationAddress = z.strictObject({
  contactName: str.optional(),
  emailAddress: str.optional(),
  phoneNumber1: str.optional(),
  phoneNumber2: str.optional(),
  address1: str,
  address2: str.optional(),
  area: str.optional(),
  city: str,
  stateProvince: str,
  country: str.length(2),
  zipPostalCode: str,
  vatorTaxType: str.optional(),
});

const Settings = z.strictObject({
  currencyCode: str.optional(),
  unitOfWeight: str.optional(),
  unitOfLength: str.optional(),
  defaultTimezone: str.optional(),
  manualShippingAvailable: bool.optional(),
  defaultDescription: z.array(str).optional(),
  defaultDeclaration: str.optional(),
  logo: opaque.optional(),
  defaultShiptoContactName: str.optional(),
  defaultShiptoEmailAddress: str.optional(),
});

const DgDetail = z.strictObject({ emergPhone: str.optional(), offererContractHolder: str.optional(), contractNo: str.optional() });

const RegionalSetting = z.strictObject({
  useItemData: bool.optional(),
  defaultFreightClass: str.optional(),
  defaultNmfcCode: str.optional(),
  autoCalcFreightClass: bool.optional(),
  zeroFreightforOutboundThirdParty: bool.optional(),
  zeroFreightforOutboundCollectOrRecipient: bool.optional(),
});

/** Get Location: `success` plus the location's fields of 2.1 at top level, with `id`. */
export const LocationDetail = z.strictObject({
  success: z.literal(true),
  id: str,
  referenceId: str,
  groupId: str.optional(),
  locationName: str,
  active: bool,
  address: LocationAddress,
  billingAddress: LocationAddress.optional(),
  settings: Settings.optional(),
  dgDetail: DgDetail.optional(),
  regionalSetting: RegionalSetting.optional(),
  tags: z.array(str).optional(),
  altEmailAddress: str.optional(),
  faxNumber: str.optional(),
  phoneNumber1: str.optional(),
  phoneNumber2: str.optional(),
  // Extension: docs/service-decisions.md, Locations, "Delete semantics" (Get Location answers
  // a deleted location with `deleted: true`).
  deleted: bool,
});

/** The flat record of the paged list. groupId, emailAddress, contactName, phoneNumber1 echo optional inputs. */
export const LocationListRecord = z.strictObject({
  id: str,
  referenceId: str,
  groupId: str.optional(),
  locationName: str,
  emailAddress: str.optional(),
  address1: str,
  city: str,
  stateProvince: str,
  country: str,
  zipPostalCode: str,
  contactName: str.optional(),
  phoneNumber1: str.optional(),
  defaultDescription: z.array(str),
  active: bool,
  deleted: bool,
  createdBy: str,
  createdOnUtc: dateTime,
  updatedBy: str,
});

export const GetLocationsResponse = z.strictObject({
  success: z.literal(true),
  data: z.array(LocationListRecord),
  pageNumber: int,
  pageSize: int,
  totalCount: int,
  totalPages: int,
  hasPreviousPage: bool,
  hasNextPage: bool,
});

/** Create, Update and Delete Location. */
export const LocationWriteResponse = z.strictObject({ success: z.literal(true), id: str, referenceId: str });

// ---- 2.3 Create Shipment -------------------------------------------------------------

const ResultPackage = z.strictObject({
  package_Id: str,
  referenceId: str,
  weight: num,
  length: num,
  width: num,
  height: num,
  trackingNumber: str,
  type: str,
  unitOfLength: str,
  unitOfWeight: str,
  count: int,
});

const BillingDetail = z.strictObject({ totalFreight: num, totalDiscountFreight: num, baseCharge: num, totalSurcharges: num, totalTaxes: num, currencyCode: str });

export const Document = z.strictObject({
  document_Id: str,
  documentName: str,
  documentType: str,
  documentContentType: str,
  documentMimeType: str,
  documentContent: z.base64().min(1),
});

export const ShipmentCreateResult = z.strictObject({
  success: z.literal(true),
  id: str,
  shipmentReference: str,
  status: str,
  trackingNumber: str,
  activity_Id: str,
  estimatedDelivery: dateTime,
  transitDays: str,
  carrierAccount: str,
  carrierServiceLevel: str,
  carrier: str,
  shipMethod: str,
  references: z.record(z.string(), z.string()),
  packages: z.array(ResultPackage).min(1),
  billingDetail: BillingDetail,
  documents: z.array(Document).min(1),
  trackingUrl: z.url(),
});

// ---- 2.6 Rate Shop -------------------------------------------------------------------

const Surcharge = z.strictObject({ name: str, code: str, amount: num, currencyCode: str });

const Rate = z.strictObject({
  serviceDisplayName: str,
  serviceName: str,
  serviceDescription: str,
  shipMethod: str,
  freight: num,
  discountFrieght: num,
  baseCharge: num,
  totalSurcharges: num,
  totalTaxes: num.optional(), // "may be absent"
  currencycode: str,
  transitDays: str,
  estimatedDelivery: dateTime,
  surcharges: z.array(Surcharge).optional(), // "may be absent"
  // Extension: docs/sandbox/rating.md ("Taxes are itemized in an extra `taxes` array on the
  // rate, same shape as a surcharge") and docs/service-decisions.md, "Extensions".
  taxes: z.array(Surcharge).optional(),
});

export const RateShopResponse = z.strictObject({
  success: z.literal(true),
  responses: z.array(z.strictObject({ carrierDisplayName: str, carrierName: str, rates: z.array(Rate).min(1) })).min(1),
});

// ---- 2.7 Address Validation ----------------------------------------------------------

/** Standardized values; the contact fields echo optional inputs. */
const ValidatedAddress = z.strictObject({
  addressId: str,
  companyName: str.optional(),
  contactName: str.optional(),
  emailAddress: str.optional(),
  phoneNumber1: str.optional(),
  address1: str,
  address2: str.optional(),
  city: str,
  stateProvince: str,
  country: str,
  zipPostalCode: str,
  fullAddress: str,
  verified: bool,
});

/** Every option has all four fields (spec 2.7). */
export const ValidationOption = z.strictObject({ key: str.min(1), value: str, message: str.min(1), messageType: z.enum(['Info', 'Warning', 'Error']) });

export const AddressValidationResponse = z.strictObject({
  success: bool,
  errors: z.array(ErrorItem),
  warnings: z.array(str),
  validatedAddress: z.array(ValidatedAddress).min(1),
  status: z.enum(['Valid', 'Invalid', 'Partial']),
  addressType: z.enum(['Commercial', 'Residential']),
  remarks: opaque, // inner fields not shown
  validationOptions: z.array(ValidationOption),
});

// ---- Cancel, Search, Update, Track ---------------------------------------------------

export const CancelShipmentsResponse = z.strictObject({
  success: bool,
  shipments: z.array(
    z.union([z.strictObject({ success: z.literal(true), shipment_Id: str, activity_Id: str, status: str, trackingNumber: str }), FailedItem]),
  ),
});

/** Inner fields of a search record's addresses are not shown: docs/service-decisions.md, Search, "the create input's address and shipmentInfo". */
const ShipmentAddress = z.strictObject({
  companyName: str.optional(),
  contactName: str.optional(),
  emailAddress: str.optional(),
  phoneNumber1: str.optional(),
  address1: str,
  address2: str.optional(),
  city: str,
  stateProvince: str,
  zipPostalCode: str,
  country: str,
});

const ShipmentInfo = z.strictObject({ shipMethod: str, carrier: str, serviceLevel: str.optional(), carrierAccount: str.optional(), paymentType: str.optional() });

const SearchRecord = z.strictObject({
  id: str,
  shipmentId: str,
  statusId: str,
  shipmentDate: dateTime,
  locationName: str,
  totalPackage: int,
  totalPackageWeight: str.regex(/^\d+(\.\d+)? [A-Z]+$/, 'must be a number and a unit'),
  shipFrom: ShipmentAddress,
  shipTo: ShipmentAddress,
  shipmentInfo: ShipmentInfo,
  trackingUrl: z.url(),
  // Extensions: docs/service-decisions.md, Search, "Extra fields".
  trackingNumber: str,
  references: z.record(z.string(), z.string()),
});

export const SearchShipmentsResponse = z.strictObject({
  success: z.literal(true),
  shipments: z.array(SearchRecord),
  pageIndex: int,
  pageSize: int,
  totalCount: int,
  totalPages: int,
  hasPreviousPage: bool,
  hasNextPage: bool,
});

/** "no top-level `success` is given". */
export const UpdateShipmentsResponse = z.strictObject({
  shipments: z.array(z.union([z.strictObject({ success: z.literal(true), shipment_Id: str, message: str.min(1) }), FailedItem])),
});

const TrackingEvent = z.strictObject({
  carrierCode: str,
  code: str,
  description: str,
  city: str,
  state: str,
  country: str,
  // Absent where the place has no postal code (a customs stop, some hubs):
  // docs/service-decisions.md, Track.
  zipCode: str.optional(),
  exception: bool,
  eventOn: dateTime,
});

const TrackingRecord = z.strictObject({
  success: z.literal(true),
  tracking_Id: str,
  shipment_Id: str,
  trackingNumber: str,
  lastUpdateOnUtc: dateTime,
  events: z.array(TrackingEvent).min(1),
  trackingUrl: z.url(),
  // Extension: docs/service-decisions.md, "Label recovery" (only when the item asked with includeDocuments).
  documents: z.array(Document).optional(),
});

/** A failed track item also names the tracking number it was asked for (a field of 2.5), when it was asked by one. */
const FailedTrackItem = z.strictObject({ ...failedItemFields, trackingNumber: str.optional() });

export const TrackShipmentsResponse = z.strictObject({ success: bool, shipments: z.array(z.union([TrackingRecord, FailedTrackItem])) });

// ---- Block, Unblock, Archive, Apply Business Rule -------------------------------------

export const ShipmentActionResponse = z.strictObject({ success: z.literal(true), message: str.min(1) });

const RuleParty = z.strictObject({ party: str, companyName: str, address1: str, city: str, stateProvince: str, country: str, zipPostalCode: str });

export const ApplyRuleResponse = z.strictObject({
  success: z.literal(true),
  ruleId: str,
  ruleName: str,
  carrierAccount: str,
  specialService: str,
  shipMethod: str,
  instructions: str,
  parties: z.array(RuleParty),
});

// ---- Part 5: tokens ("shape of the token response: not shown") -----------------------

/** docs/service-decisions.md, Authentication, "OAuth token answer shape": RFC 6749. */
export const OAuthTokenResponse = z.strictObject({ access_token: str.min(1), token_type: z.literal('Bearer'), expires_in: int.positive(), scope: str.optional() });

/** docs/service-decisions.md, Authentication, "Deprecated bearer answer". */
export const BearerTokenResponse = z.strictObject({ success: z.literal(true), token: str.regex(/^[\w-]+\.[\w-]+\.[\w-]+$/, 'must be a JWT'), expiresOnUtc: dateTime });
