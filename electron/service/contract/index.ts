/**
 * The Shipping Management Service contract: every record, request and answer of the spec
 * as zod schemas with their types, and the table of operations. Pure TypeScript + zod: no
 * Node, no Electron (the linter enforces it), so the client, the sandbox, the station API
 * and the OpenAPI generator can all import it.
 */
export * from './registry';
export * from './fields';
export * from './errors';
export * from '../../base/issues';
export * from './paging';
export * from './locations';
export * from './shipments';
export * from './maintenance';
export * from './rates';
export * from './addressValidation';
export * from './rules';
export * from './auth';
export * from './operations';
export * from './nesting';
