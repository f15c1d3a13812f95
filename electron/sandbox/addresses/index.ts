/** Address validation and standardization for the sandbox (spec 2.7). */
export { validateAddress } from './validate';
export { postalCodeIssues, type PostalAddressFields } from './postal';
export { standardizeStreetLine, standardizeSecondLine, type StandardLine, type LineKind } from './standardize';
export { detectAddressType, type AddressType, type AddressTypeDecision } from './addressType';
