/**
 * Headers every web host answer carries. The Content-Security-Policy is the renderer's own
 * (renderer/index.html's meta tag) plus what only a header can say: `frame-ancestors 'none'`,
 * so no other page can frame the station and trick a packer into clicking through it.
 */
import type { ServerResponse } from 'node:http';
import { RENDERER_CSP, SECURITY_HEADERS } from '../base/rendererServing';

/** The renderer's policy; the web host also forbids framing in the older header that browsers without CSP frame-ancestors still honour. */
export const CONTENT_SECURITY_POLICY = RENDERER_CSP;

const HEADERS: Readonly<Record<string, string>> = { ...SECURITY_HEADERS, 'X-Frame-Options': 'DENY' };

export function setSecurityHeaders(response: ServerResponse): void {
  for (const [name, value] of Object.entries(HEADERS)) response.setHeader(name, value);
}
