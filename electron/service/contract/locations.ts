/** Locations (spec 2.1 and the five location operations). */
import * as z from 'zod';
import { named } from './registry';
import { CountryCode, DateTime, OpaqueObject, TEXT_LIMITS, queryInteger, text } from './fields';
import { LIMITS, pagingTail } from './paging';

/**
 * The shapes of a location are written once and built twice: bounded (`text`) for what a caller
 * sends, plain strings for what the service answers (read tolerantly, whatever another client
 * stored there).
 */
type TextOf = (max: number) => z.ZodString;
const plain: TextOf = () => z.string();
const T = TEXT_LIMITS;

const addressShape = (t: TextOf) => ({
  contactName: t(T.text).optional(),
  emailAddress: t(T.text).optional(),
  phoneNumber1: t(T.code).optional(),
  phoneNumber2: t(T.code).optional(),
  address1: t(T.text),
  address2: t(T.text).optional(),
  area: t(T.text).optional(),
  city: t(T.text),
  stateProvince: t(T.code),
  country: CountryCode,
  zipPostalCode: t(T.postalCode),
  vatorTaxType: t(T.code).optional(),
});

const settingsShape = (t: TextOf) => ({
  currencyCode: t(T.code).optional(),
  unitOfWeight: t(T.code).optional(),
  unitOfLength: t(T.code).optional(),
  defaultTimezone: t(T.code).optional(),
  manualShippingAvailable: z.boolean().optional(),
  defaultDescription: z.array(t(T.text)).max(100).optional(),
  defaultDeclaration: t(T.notes).optional(),
  logo: OpaqueObject.optional(),
  defaultShiptoContactName: t(T.text).optional(),
  defaultShiptoEmailAddress: t(T.text).optional(),
});

const dgShape = (t: TextOf) => ({
  emergPhone: t(T.code).optional(),
  offererContractHolder: t(T.text).optional(),
  contractNo: t(T.code).optional(),
});

const regionalShape = (t: TextOf) => ({
  useItemData: z.boolean().optional(),
  defaultFreightClass: t(T.code).optional(),
  defaultNmfcCode: t(T.code).optional(),
  autoCalcFreightClass: z.boolean().optional(),
  zeroFreightforOutboundThirdParty: z.boolean().optional(),
  zeroFreightforOutboundCollectOrRecipient: z.boolean().optional(),
});

export const LocationAddress = named('LocationAddress', z.looseObject(addressShape(text)));
export type LocationAddress = z.infer<typeof LocationAddress>;

export const LocationSettings = named('LocationSettings', z.looseObject(settingsShape(text)));
export type LocationSettings = z.infer<typeof LocationSettings>;

export const DgDetail = named('DgDetail', z.looseObject(dgShape(text)));
export type DgDetail = z.infer<typeof DgDetail>;

export const RegionalSetting = named('RegionalSetting', z.looseObject(regionalShape(text)));
export type RegionalSetting = z.infer<typeof RegionalSetting>;

const locationFields = {
  referenceId: text(T.code),
  groupId: text(T.code).optional(),
  locationName: text(T.text),
  active: z.boolean(),
  address: LocationAddress,
  billingAddress: LocationAddress.optional(),
  settings: LocationSettings.optional(),
  dgDetail: DgDetail.optional(),
  regionalSetting: RegionalSetting.optional(),
  tags: z.array(text(T.code)).max(100, 'must have at most 100 tags').optional(),
};

/** The same fields as the service answers them: no bounds. */
const answeredLocationFields = {
  referenceId: z.string(),
  groupId: z.string().optional(),
  locationName: z.string(),
  active: z.boolean(),
  address: z.looseObject(addressShape(plain)),
  billingAddress: z.looseObject(addressShape(plain)).optional(),
  settings: z.looseObject(settingsShape(plain)).optional(),
  dgDetail: z.looseObject(dgShape(plain)).optional(),
  regionalSetting: z.looseObject(regionalShape(plain)).optional(),
  tags: z.array(z.string()).optional(),
};

export const LocationCreate = named('LocationCreate', z.looseObject(locationFields), 'Body of Create Location.');
export type LocationCreate = z.infer<typeof LocationCreate>;

/**
 * Body of Update Location: any subset of the create fields. Nested objects may be partial
 * too, because the sandbox merges them into the stored ones (docs/service-decisions.md);
 * the client always sends whole nested objects, which is right under merge or replace.
 */
export const LocationUpdate = named(
  'LocationUpdate',
  z.looseObject({
    ...locationFields,
    address: LocationAddress.partial(),
    billingAddress: LocationAddress.partial(),
    settings: LocationSettings,
    dgDetail: DgDetail,
    regionalSetting: RegionalSetting,
  }).partial(),
  'Body of Update Location: any subset of the create fields.',
);
export type LocationUpdate = z.infer<typeof LocationUpdate>;

export const LocationDetail = named(
  'LocationDetail',
  z.looseObject({
    success: z.boolean().optional(),
    id: z.string(),
    ...answeredLocationFields,
    altEmailAddress: z.string().optional(),
    faxNumber: z.string().optional(),
    phoneNumber1: z.string().optional(),
    phoneNumber2: z.string().optional(),
  }),
  'Answer of Get Location: success plus the location at top level.',
);
export type LocationDetail = z.infer<typeof LocationDetail>;

/** The flat record of the paged list. Only `id` is required: the rest is display data. */
export const LocationListRecord = named(
  'LocationListRecord',
  z.looseObject({
    id: z.string(),
    referenceId: z.string().optional(),
    groupId: z.string().optional(),
    locationName: z.string().optional(),
    emailAddress: z.string().optional(),
    address1: z.string().optional(),
    city: z.string().optional(),
    stateProvince: z.string().optional(),
    country: z.string().optional(),
    zipPostalCode: z.string().optional(),
    contactName: z.string().optional(),
    phoneNumber1: z.string().optional(),
    defaultDescription: z.array(z.string()).optional(),
    active: z.boolean().optional(),
    deleted: z.boolean().optional(),
    createdBy: z.string().optional(),
    createdOnUtc: DateTime.optional(),
    updatedBy: z.string().optional(),
  }),
);
export type LocationListRecord = z.infer<typeof LocationListRecord>;

export const LOCATION_SORT_FIELDS = ['locationName', 'referenceId', 'groupId', 'city', 'stateProvince', 'country', 'zipPostalCode', 'createdOnUtc', 'active'] as const;
export type LocationSortField = (typeof LOCATION_SORT_FIELDS)[number];

/**
 * Query of Get Locations, names capitalized as the spec gives them. Query strings carry text,
 * so numeric text is read as a number; `Page` and `Limit` are required.
 */
export const GetLocationsQuery = named(
  'GetLocationsQuery',
  z.object({
    Query: z.string().optional(),
    Page: queryInteger(1),
    Limit: queryInteger(1, LIMITS.maxPageSize),
    Sort: z.string().optional(),
    Order: z.enum(['ASC', 'DESC', 'asc', 'desc']).optional(),
  }),
);
export type GetLocationsQuery = z.output<typeof GetLocationsQuery>;

export const GetLocationsResponse = named(
  'GetLocationsResponse',
  z.looseObject({
    success: z.boolean().optional(),
    data: z.array(LocationListRecord),
    pageNumber: z.number().int(),
    ...pagingTail,
  }),
);
export type GetLocationsResponse = z.infer<typeof GetLocationsResponse>;

/** Answer of create, update and delete. */
export const LocationWriteResponse = named(
  'LocationWriteResponse',
  z.looseObject({
    success: z.boolean().optional(),
    id: z.string(),
    referenceId: z.string().optional(),
  }),
);
export type LocationWriteResponse = z.infer<typeof LocationWriteResponse>;
