/**
 * Server defaults written into the published document: the standalone sandbox's default
 * address (`npm run sandbox`), so the document works against it as it is.
 */
export const OPENAPI_DEFAULTS = {
  baseUrl: 'http://127.0.0.1:4010',
  authUrl: 'http://127.0.0.1:4010/auth',
} as const;
