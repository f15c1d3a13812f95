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

/**
 * A credential was presented and is not one the sandbox knows: a wrong API key or client
 * secret, a token it never issued, a forged signature. What a guesser sends, so the pipeline
 * counts it against the caller's address. Missing credentials and genuine tokens that have
 * expired are plain `ServiceFailure`s: nobody guesses by sending nothing, and a client whose
 * token ran out is not guessing either.
 */
export class CredentialRejected extends ServiceFailure {
  constructor(message: string) {
    super('AuthenticationFailed', message);
  }
}

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
      throw new CredentialRejected('client_id or client_secret is not valid');
    }
  }

  /**
   * Checks the form of POST {auth_url}/connect/token and the client credentials in it. Kept
   * apart from issuing, so the pipeline counts the request against the client's rate limit
   * only once the client is known to be the real one.
   */
  authenticateOAuthClient(form: Record<string, string>): OAuthTokenRequest {
    if (form.grant_type !== undefined && form.grant_type !== 'client_credentials') {
      throw new ServiceFailure('InvalidRequest', `grant_type must be "client_credentials", not "${form.grant_type}"`);
    }
    const parsed = parseWith(OAuthTokenRequest, form);
    if (!parsed.ok) throw ServiceFailure.many(issuesToItems(parsed.issues, 'InvalidRequest'));
    this.checkClient(parsed.value.client_id, parsed.value.client_secret);
    return parsed.value;
  }

  /** The token for an authenticated OAuth client. */
  issueOAuthToken(request: OAuthTokenRequest, now: number): OAuthTokenResponse {
    this.prune(now);
    const token = randomBytes(24).toString('base64url');
    this.oauthTokens.set(token, now + this.lifetimeMs);
    const answer: OAuthTokenResponse = { access_token: token, token_type: 'Bearer', expires_in: Math.round(this.lifetimeMs / 1000) };
    if (request.scope !== undefined) answer.scope = request.scope;
    return answer;
  }

  /** Checks the body of the deprecated POST /v1/authorize/token and the client credentials in it. */
  authenticateBearerClient(body: unknown): void {
    const parsed = parseWith(BearerTokenRequest, body);
    if (!parsed.ok) throw ServiceFailure.many(issuesToItems(parsed.issues, 'InvalidRequest'));
    this.checkClient(parsed.value.clientId, parsed.value.clientSecret);
  }

  /** The deprecated method's signed HS256 JWT, for an authenticated client. */
  issueBearerToken(now: number): BearerTokenResponse {
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
      throw new CredentialRejected(`${API_KEY_HEADER} is not a valid API key`);
    }
    const authorization = headers.authorization;
    if (typeof authorization === 'string') {
      const match = /^Bearer\s+(\S+)$/i.exec(authorization.trim());
      const token = match?.[1];
      if (token === undefined) throw new CredentialRejected('Authorization must be "Bearer <token>"');
      return token.split('.').length === 3 ? this.verifyJwt(token, now) : this.verifyOAuthToken(token, now);
    }
    throw new ServiceFailure('AuthenticationFailed', `credentials are missing: send ${API_KEY_HEADER} or Authorization: Bearer <token>`);
  }

  private verifyOAuthToken(token: string, now: number): Principal {
    const expiresAt = this.oauthTokens.get(token);
    if (expiresAt === undefined) throw new CredentialRejected('access token is not valid');
    if (expiresAt <= now) throw new ServiceFailure('AuthenticationFailed', 'access token has expired');
    return this.clientPrincipal;
  }

  private verifyJwt(token: string, now: number): Principal {
    const [header = '', payload = '', signature = ''] = token.split('.');
    const expected = base64url(createHmac('sha256', this.jwtKey).update(`${header}.${payload}`).digest());
    if (!sameSecret(signature, expected)) throw new CredentialRejected('bearer token signature is not valid');
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
