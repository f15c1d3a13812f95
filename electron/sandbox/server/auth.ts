/**
 * The sandbox's three ways in: an API key header, OAuth 2.0 client-credentials tokens, and
 * the deprecated bearer JWT. Tokens live in memory: after a restart a client gets 401 and
 * fetches a new one, as it would after a real service rotated its keys.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { API_KEY_HEADER, BearerTokenRequest, OAuthTokenRequest, parseWith, type BearerTokenResponse, type OAuthTokenResponse } from '../../service/contract';
import { ServiceFailure, issuesToItems } from './failures';

export interface SandboxCredentials {
  /** Full access. */
  readonly apiKey: string;
  /** Reads only: writes answer 403 PermissionDenied. */
  readonly readOnlyApiKey: string;
  readonly clientId: string;
  readonly clientSecret: string;
}

/** Documented demo credentials, used when none are given. Never use them outside the sandbox. */
export const DEMO_CREDENTIALS: SandboxCredentials = {
  apiKey: 'sandbox-api-key',
  readOnlyApiKey: 'sandbox-read-only-key',
  clientId: 'packbench-sandbox',
  clientSecret: 'sandbox-client-secret',
};

export interface Principal {
  /** The credential the request counts against (rate limits, createdBy). */
  readonly name: string;
  readonly canWrite: boolean;
  readonly method: 'apiKey' | 'oauth' | 'bearer';
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/** Constant-time comparison of two secrets of any length. */
function sameSecret(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected));
}

const base64url = (data: Buffer | string): string => Buffer.from(data).toString('base64url');

export interface AuthOptions {
  readonly credentials: SandboxCredentials;
  readonly tokenLifetimeSeconds: number;
  /** Key of the deprecated JWTs; random per start unless given. */
  readonly jwtSecret?: string;
}

export class Authenticator {
  private readonly oauthTokens = new Map<string, number>();
  private readonly jwtKey: Buffer;
  private readonly credentials: SandboxCredentials;
  private readonly lifetimeMs: number;

  constructor(options: AuthOptions) {
    this.credentials = options.credentials;
    this.lifetimeMs = options.tokenLifetimeSeconds * 1000;
    this.jwtKey = options.jwtSecret === undefined ? randomBytes(32) : Buffer.from(options.jwtSecret);
  }

  get clientPrincipal(): Principal {
    return { name: `client:${this.credentials.clientId}`, canWrite: true, method: 'oauth' };
  }

  private checkClient(clientId: string, clientSecret: string): void {
    if (!sameSecret(clientId, this.credentials.clientId) || !sameSecret(clientSecret, this.credentials.clientSecret)) {
      throw new ServiceFailure('AuthenticationFailed', 'client_id or client_secret is not valid');
    }
  }

  /** POST {auth_url}/connect/token, form-encoded. */
  issueOAuthToken(form: Record<string, string>, now: number): OAuthTokenResponse {
    if (form.grant_type !== undefined && form.grant_type !== 'client_credentials') {
      throw new ServiceFailure('InvalidRequest', `grant_type must be "client_credentials", not "${form.grant_type}"`);
    }
    const parsed = parseWith(OAuthTokenRequest, form);
    if (!parsed.ok) throw ServiceFailure.many(issuesToItems(parsed.issues, 'InvalidRequest'));
    this.checkClient(parsed.value.client_id, parsed.value.client_secret);
    this.prune(now);
    const token = randomBytes(24).toString('base64url');
    this.oauthTokens.set(token, now + this.lifetimeMs);
    const answer: OAuthTokenResponse = { access_token: token, token_type: 'Bearer', expires_in: Math.round(this.lifetimeMs / 1000) };
    if (parsed.value.scope !== undefined) answer.scope = parsed.value.scope;
    return answer;
  }

  /** The deprecated POST /v1/authorize/token: a signed HS256 JWT. */
  issueBearerToken(body: unknown, now: number): BearerTokenResponse {
    const parsed = parseWith(BearerTokenRequest, body);
    if (!parsed.ok) throw ServiceFailure.many(issuesToItems(parsed.issues, 'InvalidRequest'));
    this.checkClient(parsed.value.clientId, parsed.value.clientSecret);
    const expiresAt = now + this.lifetimeMs;
    const header = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
    const payload = base64url(JSON.stringify({ iss: 'packbench-sandbox', sub: this.credentials.clientId, iat: Math.floor(now / 1000), exp: Math.floor(expiresAt / 1000) }));
    const signature = base64url(createHmac('sha256', this.jwtKey).update(`${header}.${payload}`).digest());
    return { success: true, token: `${header}.${payload}.${signature}`, expiresOnUtc: new Date(expiresAt).toISOString() };
  }

  /** Who is calling, from the request headers; throws 401 for anything else. */
  authenticate(headers: Readonly<Record<string, string | string[] | undefined>>, now: number): Principal {
    const apiKey = headers[API_KEY_HEADER.toLowerCase()];
    if (typeof apiKey === 'string' && apiKey !== '') {
      if (sameSecret(apiKey, this.credentials.apiKey)) return { name: 'api-key', canWrite: true, method: 'apiKey' };
      if (sameSecret(apiKey, this.credentials.readOnlyApiKey)) return { name: 'read-only-api-key', canWrite: false, method: 'apiKey' };
      throw new ServiceFailure('AuthenticationFailed', `${API_KEY_HEADER} is not a valid API key`);
    }
    const authorization = headers.authorization;
    if (typeof authorization === 'string') {
      const match = /^Bearer\s+(\S+)$/i.exec(authorization.trim());
      const token = match?.[1];
      if (token === undefined) throw new ServiceFailure('AuthenticationFailed', 'Authorization must be "Bearer <token>"');
      return token.split('.').length === 3 ? this.verifyJwt(token, now) : this.verifyOAuthToken(token, now);
    }
    throw new ServiceFailure('AuthenticationFailed', `credentials are missing: send ${API_KEY_HEADER} or Authorization: Bearer <token>`);
  }

  private verifyOAuthToken(token: string, now: number): Principal {
    const expiresAt = this.oauthTokens.get(token);
    if (expiresAt === undefined) throw new ServiceFailure('AuthenticationFailed', 'access token is not valid');
    if (expiresAt <= now) throw new ServiceFailure('AuthenticationFailed', 'access token has expired');
    return this.clientPrincipal;
  }

  private verifyJwt(token: string, now: number): Principal {
    const [header = '', payload = '', signature = ''] = token.split('.');
    const expected = base64url(createHmac('sha256', this.jwtKey).update(`${header}.${payload}`).digest());
    if (!sameSecret(signature, expected)) throw new ServiceFailure('AuthenticationFailed', 'bearer token signature is not valid');
    let exp: unknown;
    try {
      exp = (JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { exp?: unknown }).exp;
    } catch {
      throw new ServiceFailure('AuthenticationFailed', 'bearer token is not a readable JWT');
    }
    if (typeof exp !== 'number' || exp * 1000 <= now) throw new ServiceFailure('AuthenticationFailed', 'bearer token has expired');
    return { ...this.clientPrincipal, method: 'bearer' };
  }

  private prune(now: number): void {
    if (this.oauthTokens.size < 1000) return;
    for (const [token, expiresAt] of this.oauthTokens) if (expiresAt <= now) this.oauthTokens.delete(token);
  }
}
