/**
 * The three ways to authenticate, chosen by configuration. Token methods keep one token,
 * refresh it shortly before it expires, share one refresh among every request waiting on
 * it, and after a 401 refresh once: a wrong secret gives one clear error, never a loop.
 */
import { API_KEY_HEADER, readTokenGrant, tokenEndpoints } from '../contract';
import { AuthenticationError, type ServiceErrorItem } from './errors';
import type { HttpResponse } from './transport';
import type { Timers } from '../../platform/clock';

export type AuthConfig =
  | { readonly method: 'apiKey'; readonly apiKey: string }
  | { readonly method: 'oauth'; readonly clientId: string; readonly clientSecret: string; readonly scope?: string }
  /** Deprecated by the service: works, and says so once in the log. */
  | { readonly method: 'bearer'; readonly clientId: string; readonly clientSecret: string };

export interface AuthProvider {
  /** Headers that authenticate the next request (fetching a token first if needed). */
  headers(): Promise<Record<string, string>>;
  /**
   * After a 401 to a request sent with `used`: true when fresh credentials are now in hand
   * and the request deserves one more try.
   */
  renewAfterUnauthorized(used: Readonly<Record<string, string>>): Promise<boolean>;
}

/** How a token provider sends its token request: through the client's limiter and log. */
export type TokenRequester = (request: { url: URL; contentType: string; body: string; operation: string }) => Promise<HttpResponse>;

export class ApiKeyAuth implements AuthProvider {
  constructor(private readonly apiKey: string) {}

  headers(): Promise<Record<string, string>> {
    return Promise.resolve({ [API_KEY_HEADER]: this.apiKey });
  }

  renewAfterUnauthorized(): Promise<boolean> {
    return Promise.resolve(false);
  }
}

interface Token {
  readonly value: string;
  readonly expiresAt: number | undefined;
}

/** Refresh this long before expiry: a tenth of the lifetime, at most a minute. */
function refreshMargin(lifetimeMs: number): number {
  return Math.min(60_000, lifetimeMs / 10);
}

/** A token, its refresh, and the single flight that all waiting requests share. */
abstract class TokenAuth implements AuthProvider {
  private token: Token | undefined;
  private refreshAt = 0;
  private inFlight: Promise<Token> | undefined;

  constructor(protected readonly timers: Timers) {}

  /**
   * Fetches a new token. It takes no abort signal: the fetch is shared by every waiting
   * request, so one caller giving up must not fail the others (the token request has its
   * own timeout).
   */
  protected abstract fetchToken(): Promise<Token>;

  private fresh(): Token | undefined {
    const token = this.token;
    if (token === undefined) return undefined;
    return token.expiresAt === undefined || this.timers.now() < this.refreshAt ? token : undefined;
  }

  private refresh(): Promise<Token> {
    this.inFlight ??= this.fetchToken()
      .then((token) => {
        const now = this.timers.now();
        this.token = token;
        this.refreshAt = token.expiresAt === undefined ? Number.POSITIVE_INFINITY : token.expiresAt - refreshMargin(token.expiresAt - now);
        return token;
      })
      .finally(() => {
        this.inFlight = undefined;
      });
    return this.inFlight;
  }

  async headers(): Promise<Record<string, string>> {
    const token = this.fresh() ?? (await this.refresh());
    return { Authorization: `Bearer ${token.value}` };
  }

  async renewAfterUnauthorized(used: Readonly<Record<string, string>>): Promise<boolean> {
    const usedToken = used.Authorization?.slice('Bearer '.length);
    // Only the first request to hear 401 for a token throws it away; the others wait for
    // (or reuse) the one refresh it starts.
    if (this.token !== undefined && this.token.value === usedToken && this.inFlight === undefined) this.token = undefined;
    const token = this.fresh() ?? (await this.refresh());
    return token.value !== usedToken;
  }

  /** Reads a token answer, or throws the error a person can act on. */
  protected readGrant(response: HttpResponse, operation: string, url: URL): Token {
    const request = { operation, method: 'POST', path: url.pathname, status: response.status };
    let body: unknown;
    try {
      body = JSON.parse(response.body.toString('utf8'));
    } catch {
      body = undefined;
    }
    if (response.status === 200 || response.status === 201) {
      const grant = readTokenGrant(body, this.timers.now());
      if (grant !== undefined) return { value: grant.token, expiresAt: grant.expiresAt };
    }
    const items: ServiceErrorItem[] = [];
    if (typeof body === 'object' && body !== null) {
      const record = body as Record<string, unknown>;
      if (Array.isArray(record.errors)) {
        for (const item of record.errors as { code?: unknown; message?: unknown }[]) {
          items.push({ code: typeof item.code === 'string' ? item.code : 'AuthenticationFailed', message: typeof item.message === 'string' ? item.message : 'token request refused' });
        }
      } else if (typeof record.error === 'string') {
        items.push({ code: record.error, message: typeof record.error_description === 'string' ? record.error_description : record.error });
      }
    }
    const why = items.map((i) => i.message).join('; ') || `the token endpoint answered ${response.status}`;
    throw new AuthenticationError(`could not get an access token from ${url.origin}${url.pathname}: ${why}`, request, items);
  }
}

export class OAuthClientCredentials extends TokenAuth {
  constructor(
    private readonly config: Extract<AuthConfig, { method: 'oauth' }>,
    private readonly authUrl: string,
    private readonly requester: TokenRequester,
    timers: Timers,
  ) {
    super(timers);
  }

  protected async fetchToken(): Promise<Token> {
    const url = new URL(`${this.authUrl.replace(/\/+$/, '')}${tokenEndpoints.oauthToken.path}`);
    const form = new URLSearchParams({ grant_type: 'client_credentials', client_id: this.config.clientId, client_secret: this.config.clientSecret });
    if (this.config.scope !== undefined) form.set('scope', this.config.scope);
    const response = await this.requester({ url, contentType: tokenEndpoints.oauthToken.contentType, body: form.toString(), operation: 'oauthToken' });
    return this.readGrant(response, 'oauthToken', url);
  }
}

export class DeprecatedBearerAuth extends TokenAuth {
  private warned = false;

  constructor(
    private readonly config: Extract<AuthConfig, { method: 'bearer' }>,
    private readonly baseUrl: string,
    private readonly requester: TokenRequester,
    timers: Timers,
    private readonly warn: (message: string) => void,
  ) {
    super(timers);
  }

  protected async fetchToken(): Promise<Token> {
    if (!this.warned) {
      this.warned = true;
      this.warn('the service\'s bearer-token sign-in is deprecated and will be discontinued; switch this connection to OAuth client credentials or an API key');
    }
    const url = new URL(`${this.baseUrl.replace(/\/+$/, '')}${tokenEndpoints.bearerToken.path}`);
    const body = JSON.stringify({ clientId: this.config.clientId, clientSecret: this.config.clientSecret });
    const response = await this.requester({ url, contentType: tokenEndpoints.bearerToken.contentType, body, operation: 'bearerToken' });
    return this.readGrant(response, 'bearerToken', url);
  }
}
