/**
 * One IPP request over HTTP to a CUPS scheduler (RFC 8010 section 4: a POST of application/ipp),
 * on a TCP port or the scheduler's local socket. A fresh connection per request: a job is a few
 * per minute at a packing desk, and a kept-alive connection that cupsd closed while idle would
 * fail the next job instead.
 */
import http from 'node:http';
import type { SchedulerAddress } from './scheduler';

export interface HttpAnswer {
  readonly status: number;
  readonly body: Buffer;
}

/** Why no answer came: the scheduler cannot be reached, did not answer in time, or broke off. */
export class IppTransportError extends Error {
  override name = 'IppTransportError';
  constructor(
    readonly reason: 'unreachable' | 'timeout' | 'broken',
    message: string,
    /** The system's error code (ECONNREFUSED…), when there is one. */
    readonly code?: string,
  ) {
    super(message);
  }
}

/** Errors that mean nobody is listening where the scheduler should be. */
const UNREACHABLE = new Set(['ECONNREFUSED', 'ENOENT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'EACCES', 'ENOTSOCK']);

export function postIpp(address: SchedulerAddress, resource: string, parts: readonly Uint8Array[], timeoutMs: number): Promise<HttpAnswer> {
  const length = parts.reduce((sum, part) => sum + part.byteLength, 0);
  const target = address.kind === 'socket' ? { socketPath: address.path } : { host: address.host, port: address.port };
  return new Promise((resolve, reject) => {
    let settled = false;
    const finish = (outcome: () => void): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      outcome();
    };
    const request = http.request(
      {
        ...target,
        method: 'POST',
        path: resource,
        agent: false,
        headers: { 'Content-Type': 'application/ipp', 'Content-Length': String(length), Connection: 'close', 'User-Agent': 'Packbench IPP/2.0' },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => finish(() => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks) })));
        response.on('error', (error) => finish(() => reject(new IppTransportError('broken', error.message))));
      },
    );
    const timer = setTimeout(() => {
      finish(() => reject(new IppTransportError('timeout', `did not answer within ${String(timeoutMs)} ms`)));
      request.destroy();
    }, timeoutMs);
    request.on('error', (error: NodeJS.ErrnoException) => {
      const reason = error.code !== undefined && UNREACHABLE.has(error.code) ? 'unreachable' : 'broken';
      finish(() => reject(new IppTransportError(reason, error.message, error.code)));
    });
    for (const part of parts) request.write(part);
    request.end();
  });
}
