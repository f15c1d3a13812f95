/**
 * What any answer of the service must look like, whatever was asked: never a 5xx, always
 * JSON, a 2xx that the operation's contract schema reads, and otherwise the error envelope
 * with a code and a message in every item. Also which operation a raw request reaches, found
 * the way the server finds it (WHATWG URL normalization, then the contract's paths).
 */
import type * as z from 'zod';
import { ErrorEnvelope, operations, OPERATION_IDS, parseWith, tokenEndpoints, type OperationId } from '../../electron/service/contract';
import type { RawAnswer } from './rawHttp';

export type Target = OperationId | 'oauthToken' | 'bearerToken';
export const ALL_TARGETS: readonly Target[] = [...OPERATION_IDS, 'oauthToken', 'bearerToken'];

const ROUTES = OPERATION_IDS.map((id) => {
  const { method, path } = operations[id];
  const source = path.replace(/[.*+?^${}()|[\]\\]/g, (c) => (c === '{' || c === '}' ? c : `\\${c}`)).replace('{id}', '[^/]+');
  return { id, method, pattern: new RegExp(`^${source}/?$`) };
});

/** The operation `method` + `path` reaches, or undefined when it reaches none. */
export function targetOf(method: string, path: string, authPath: string): Target | undefined {
  let pathname: string;
  try {
    pathname = new URL(path, 'http://sandbox.invalid').pathname;
  } catch {
    return undefined; // no URL can be made of it: the sandbox answers 400 for that
  }
  if (method === 'POST' && pathname === `${authPath}${tokenEndpoints.oauthToken.path}`) return 'oauthToken';
  if (method === 'POST' && pathname === tokenEndpoints.bearerToken.path) return 'bearerToken';
  return ROUTES.find((route) => route.method === method && route.pattern.test(pathname))?.id;
}

function responseSchema(target: Target): z.ZodType {
  if (target === 'oauthToken' || target === 'bearerToken') return tokenEndpoints[target].response;
  return operations[target].response;
}

/** Why the answer breaks the service's promises, or undefined when it keeps them. */
export function answerProblem(target: Target | undefined, answer: RawAnswer): string | undefined {
  if (answer.status >= 500) return `a ${answer.status} answer`;
  const type = answer.headers['content-type'] ?? '';
  if (!type.startsWith('application/json')) return `Content-Type is "${type}", not JSON`;
  if (answer.body === undefined) return 'the body is not JSON';
  if (answer.status >= 200 && answer.status < 300) {
    if (target === undefined) return 'a 2xx answer to a request that names no operation';
    const parsed = parseWith(responseSchema(target), answer.body);
    return parsed.ok ? undefined : `the 2xx answer does not match ${target}'s response schema: ${parsed.issues.map((i) => i.message).join('; ')}`;
  }
  const envelope = parseWith(ErrorEnvelope, answer.body);
  if (!envelope.ok) return `not the error envelope: ${envelope.issues.map((i) => i.message).join('; ')}`;
  if (envelope.value.errors.length === 0) return 'the error envelope has no errors';
  const blank = envelope.value.errors.find((item) => item.code.trim() === '' || item.message.trim() === '');
  return blank === undefined ? undefined : `an error item without code or message: ${JSON.stringify(blank)}`;
}

/** Counts of answers by status and by operation, for the summary a fuzz run prints. */
export class AnswerTally {
  private readonly byStatus = new Map<string, number>();
  private readonly byTarget = new Map<string, number>();
  total = 0;

  record(target: Target | undefined, status: number | 'connection closed'): void {
    this.total += 1;
    const key = String(status);
    this.byStatus.set(key, (this.byStatus.get(key) ?? 0) + 1);
    const name = target ?? '(no operation)';
    this.byTarget.set(name, (this.byTarget.get(name) ?? 0) + 1);
  }

  countFor(target: Target): number {
    return this.byTarget.get(target) ?? 0;
  }

  countOfStatus(predicate: (status: string) => boolean): number {
    return [...this.byStatus].filter(([status]) => predicate(status)).reduce((sum, [, n]) => sum + n, 0);
  }

  report(): string {
    const statuses = [...this.byStatus].sort(([a], [b]) => a.localeCompare(b)).map(([status, n]) => `  ${status.padEnd(18)} ${String(n).padStart(6)}`);
    const targets = [...this.byTarget].sort(([, a], [, b]) => b - a).map(([name, n]) => `  ${name.padEnd(18)} ${String(n).padStart(6)}`);
    return [`requests sent: ${this.total}`, 'by status:', ...statuses, 'by operation reached:', ...targets].join('\n');
  }
}
