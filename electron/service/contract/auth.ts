/**
 * Authentication records. The token answers are "not shown" in the spec: the sandbox
 * answers the RFC 6749 form (`access_token`, `token_type`, `expires_in`), and the client
 * reads any of the usual spellings through `readTokenGrant`.
 */
import * as z from 'zod';
import { named } from './registry';

export const API_KEY_HEADER = 'X-API-KEY';

export const OAuthTokenRequest = named(
  'OAuthTokenRequest',
  z.object({
    grant_type: z.literal('client_credentials'),
    client_id: z.string().min(1),
    client_secret: z.string().min(1),
    scope: z.string().optional(),
  }),
  'Form fields of POST {auth_url}/connect/token (application/x-www-form-urlencoded).',
);
export type OAuthTokenRequest = z.infer<typeof OAuthTokenRequest>;

export const OAuthTokenResponse = named(
  'OAuthTokenResponse',
  z.looseObject({
    access_token: z.string(),
    token_type: z.string(),
    expires_in: z.number().int().positive(),
    scope: z.string().optional(),
  }),
);
export type OAuthTokenResponse = z.infer<typeof OAuthTokenResponse>;

/** The deprecated method's body: the OAuth client's id and secret, as JSON. */
export const BearerTokenRequest = named(
  'BearerTokenRequest',
  z.looseObject({ clientId: z.string().min(1), clientSecret: z.string().min(1) }),
  'Body of the deprecated POST /v1/authorize/token.',
);
export type BearerTokenRequest = z.infer<typeof BearerTokenRequest>;

export const BearerTokenResponse = named(
  'BearerTokenResponse',
  z.looseObject({
    success: z.boolean().optional(),
    token: z.string(),
    expiresOnUtc: z.iso.datetime({ offset: true }),
  }),
);
export type BearerTokenResponse = z.infer<typeof BearerTokenResponse>;

export interface TokenGrant {
  readonly token: string;
  /** Milliseconds since the epoch, or undefined when the answer gave no lifetime at all. */
  readonly expiresAt: number | undefined;
}

const TOKEN_KEYS = ['access_token', 'accessToken', 'token', 'id_token'] as const;
const LIFETIME_KEYS = ['expires_in', 'expiresIn'] as const;
const EXPIRY_KEYS = ['expiresOnUtc', 'expires_at', 'expiresAt', 'expiresOn', '.expires'] as const;

function jwtExpiry(token: string): number | undefined {
  const payload = token.split('.')[1];
  if (payload === undefined) return undefined;
  try {
    const claims: unknown = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/')));
    if (typeof claims === 'object' && claims !== null && 'exp' in claims && typeof claims.exp === 'number') return claims.exp * 1000;
  } catch {
    // Not a JWT, or not one we can read: the lifetime is simply unknown.
  }
  return undefined;
}

/**
 * Reads a token answer in any of the usual shapes: `access_token`/`accessToken`/`token`,
 * a lifetime in seconds (`expires_in`, number or numeric string), an absolute expiry, or
 * the `exp` claim of a JWT. Returns undefined when there is no token in it.
 */
export function readTokenGrant(body: unknown, now: number): TokenGrant | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const record = body as Record<string, unknown>;
  const token = TOKEN_KEYS.map((key) => record[key]).find((value): value is string => typeof value === 'string' && value !== '');
  if (token === undefined) return undefined;
  for (const key of LIFETIME_KEYS) {
    const seconds = Number(record[key]);
    if (record[key] !== undefined && record[key] !== '' && Number.isFinite(seconds) && seconds > 0) return { token, expiresAt: now + seconds * 1000 };
  }
  for (const key of EXPIRY_KEYS) {
    const value = record[key];
    const at = typeof value === 'string' ? Date.parse(value) : typeof value === 'number' ? value * (value < 1e11 ? 1000 : 1) : Number.NaN;
    if (Number.isFinite(at)) return { token, expiresAt: at };
  }
  return { token, expiresAt: jwtExpiry(token) };
}
