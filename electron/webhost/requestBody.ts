/**
 * Reads a request body up to a size limit. A declared Content-Length over the limit is refused
 * before a byte is read; a body that grows past it while streaming is refused as soon as it does.
 * The caller answers a refusal with `Connection: close`: the rest of the body is never read.
 */
import type { IncomingMessage } from 'node:http';

export type BodyResult = { readonly kind: 'ok'; readonly bytes: Buffer } | { readonly kind: 'tooLarge' } | { readonly kind: 'aborted' };

export function readBody(request: IncomingMessage, limitBytes: number): Promise<BodyResult> {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > limitBytes) {
    return Promise.resolve({ kind: 'tooLarge' });
  }
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const settle = (result: BodyResult) => {
      if (settled) return;
      settled = true;
      resolve(result);
    };
    request.on('data', (chunk: Buffer) => {
      if (settled) return;
      size += chunk.length;
      if (size > limitBytes) {
        chunks.length = 0;
        settle({ kind: 'tooLarge' });
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => settle({ kind: 'ok', bytes: Buffer.concat(chunks) }));
    request.on('error', () => settle({ kind: 'aborted' }));
    request.on('close', () => settle({ kind: 'aborted' }));
  });
}
