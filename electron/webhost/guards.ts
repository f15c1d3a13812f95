/**
 * The checks every request to the web host passes before anything else happens. Each one stops
 * a different intruder (see docs/web-host.md):
 *  - Host: a page on another site that re-points its own name at 127.0.0.1 (DNS rebinding)
 *    still sends its own name in Host, so only our loopback names with our port are served.
 *  - Origin: a page on another origin may send requests here; a browser always names the page's
 *    origin on a POST, so anything but our own origin is refused before the token is even looked at.
 *  - Token: other local users and programs can reach 127.0.0.1 too; only the holder of the
 *    printed token may call the API.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** The Host values this server answers to, e.g. `127.0.0.1:5180` and `localhost:5180`. */
export function allowedHosts(port: number): ReadonlySet<string> {
  return new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
}

/** The request's Host when it is one of ours, else undefined. Compared exactly (no case folding games). */
export function acceptedHost(request: IncomingMessage, hosts: ReadonlySet<string>): string | undefined {
  const host = request.headers.host;
  if (typeof host !== 'string') return undefined;
  const lower = host.toLowerCase();
  return hosts.has(lower) ? lower : undefined;
}

/**
 * Whether the request may come from where it says: no Origin (a same-origin GET, or a client
 * that is not a browser; the token still decides) or exactly our own origin. `Sec-Fetch-Site`,
 * when a browser sends it, must say the request comes from our own page.
 */
export function originAllowed(request: IncomingMessage, host: string): boolean {
  const origin = request.headers.origin;
  if (origin !== undefined && origin !== `http://${host}`) return false;
  const site = request.headers['sec-fetch-site'];
  return site === undefined || site === 'same-origin';
}

/** The token from `Authorization: Bearer …`, or undefined. */
export function bearerToken(request: IncomingMessage): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const match = /^Bearer ([A-Za-z0-9_-]{1,512})$/.exec(header);
  return match?.[1];
}

/**
 * Compares a presented token with ours in constant time. Both are hashed first so that the
 * comparison does not leak the token's length either (timingSafeEqual needs equal lengths).
 */
export function tokenMatches(presented: string | undefined, expected: string): boolean {
  if (presented === undefined) return false;
  const a = createHash('sha256').update(presented).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}
