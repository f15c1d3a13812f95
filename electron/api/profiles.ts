/**
 * Connection profiles as the station API shows them. A profile says where the service is and
 * how to sign in; its secret (API key, client secret or password) lives only in the vault and
 * is never part of a profile the renderer can read.
 */
import * as z from 'zod';
import { text } from '../service/contract';
import type { OutboxState } from './outbox';

export const SANDBOX_PROFILE_ID = 'sandbox';

export const AUTH_METHODS = ['apiKey', 'oauth', 'bearer'] as const;
export type AuthMethodName = (typeof AUTH_METHODS)[number];

/** The spec's tiers; "custom" is a contracted limit. */
export const TIERS = { Standard: 100, Premium: 500 } as const;

const httpUrl = z
  .string()
  .trim()
  .max(2048)
  .refine((text) => {
    try {
      const url = new URL(text);
      return (url.protocol === 'https:' || url.protocol === 'http:') && url.username === '' && url.password === '';
    } catch {
      return false;
    }
  }, 'must be an http(s) URL without a user name or password in it');

/** What an admin enters for a production connection (the secret is set separately). */
export const ProductionProfileInput = z.strictObject({
  /** Absent to add a new profile. */
  id: z.string().regex(/^[a-z0-9-]{1,40}$/, 'must be 1 to 40 lower-case letters, digits or dashes').optional(),
  name: text(80).trim().min(1, 'must not be empty'),
  baseUrl: httpUrl,
  authUrl: httpUrl,
  method: z.enum(AUTH_METHODS),
  /** OAuth client id, or the deprecated bearer method's user name. */
  clientId: text(200).trim().min(1, 'must not be empty').optional(),
  tier: z.enum(['Standard', 'Premium', 'custom']),
  /** Only with tier "custom". */
  requestsPerMinute: z.number().int().min(1).max(100_000).optional(),
});
export type ProductionProfileInput = z.input<typeof ProductionProfileInput>;

export interface ProfileView {
  readonly id: string;
  readonly kind: 'sandbox' | 'production';
  readonly name: string;
  readonly baseUrl: string;
  readonly authUrl: string;
  readonly method: AuthMethodName;
  readonly clientId?: string;
  readonly tier: 'Standard' | 'Premium' | 'custom';
  readonly requestsPerMinute: number;
  /** Whether a secret is stored for it (never the secret itself). */
  readonly hasSecret: boolean;
  /** Things an admin should know, e.g. that the bearer method is deprecated. */
  readonly warnings: readonly string[];
}

/** Only the kind of secret the profile's method uses is accepted. */
export const SecretInput = z.strictObject({
  profileId: z.string().min(1).max(40),
  secret: text(4096).min(1, 'must not be empty'),
  /** Store even though this machine can only keep it in plain text (an admin's explicit choice). */
  allowPlainText: z.boolean().optional(),
});

export interface ConnectionInfo {
  readonly profile: ProfileView;
  readonly online: boolean;
  /** Why the station thinks so ("service answered", "connection refused", "starting"…). */
  readonly reason: string;
  /** Set when the connection cannot be used until an admin acts (no secret, credentials refused). */
  readonly problem?: string;
  /** Something an admin should know about how the connection opened (its damaged data file was moved aside). */
  readonly notice?: string;
  readonly outbox: Readonly<Record<OutboxState, number>>;
}

export interface ConnectionTest {
  readonly ok: boolean;
  readonly message: string;
  readonly elapsedMs: number;
}
