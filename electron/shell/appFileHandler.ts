/**
 * The `app://packbench/` request handler: answers a fetch-style Request with a file of the built
 * renderer, read-only, with its content type and the security headers. It uses only Node and
 * the Fetch API's Request/Response, so it runs under plain Node in tests exactly as the
 * Electron shell hands it to `protocol.handle`.
 */
import { readFile } from 'node:fs/promises';
import { SECURITY_HEADERS, contentTypeFor, resolveAppFile } from './appProtocol';

export type AppFileHandler = (request: Request) => Promise<Response>;

function plain(status: number, text: string): Response {
  return new Response(text, { status, headers: { ...SECURITY_HEADERS, 'Content-Type': 'text/plain; charset=utf-8' } });
}

export function createAppFileHandler(rendererDir: string, log?: (line: string) => void): AppFileHandler {
  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return plain(405, 'method not allowed');
    const lookup = resolveAppFile(rendererDir, request.url);
    if (lookup.kind === 'refused') {
      log?.(`app protocol refused ${request.url.slice(0, 200)} (${lookup.reason})`);
      return plain(404, 'not found');
    }
    let body: Buffer;
    try {
      body = await readFile(lookup.path);
    } catch {
      // Missing, a folder, or unreadable: the page learns only that there is nothing there.
      return plain(404, 'not found');
    }
    const headers = { ...SECURITY_HEADERS, 'Content-Type': contentTypeFor(lookup.path), 'Cache-Control': 'no-cache' };
    return new Response(request.method === 'HEAD' ? null : new Uint8Array(body), { status: 200, headers });
  };
}
