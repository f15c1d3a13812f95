/** A service client wired to a test sandbox, with its log and the sandbox's traffic recorded. */
import { ServiceClient, type ServiceClientOptions } from '../../electron/service/client/client';
import type { AuthConfig } from '../../electron/service/client/auth';
import type { RequestLogEntry } from '../../electron/service/client/log';
import { startSandbox, type RunningSandbox, type SandboxOptions } from '../../electron/sandbox/sandbox';

export interface Traffic {
  readonly entries: { method: string; path: string; status: number }[];
  count(method: string, path: string): number;
}

export function recordTraffic(): Traffic & { onRequest: NonNullable<SandboxOptions['onRequest']> } {
  const entries: { method: string; path: string; status: number }[] = [];
  return {
    entries,
    onRequest: (entry) => entries.push({ method: entry.method, path: entry.path, status: entry.status }),
    count: (method, path) => entries.filter((e) => e.method === method && e.path === path).length,
  };
}

export interface ClientLog {
  readonly requests: RequestLogEntry[];
  readonly warnings: string[];
}

export type AuthMethod = AuthConfig['method'];

export function authFor(sandbox: RunningSandbox, method: AuthMethod, overrides: Partial<{ apiKey: string; clientSecret: string }> = {}): AuthConfig {
  const { credentials } = sandbox;
  if (method === 'apiKey') return { method, apiKey: overrides.apiKey ?? credentials.apiKey };
  return { method, clientId: credentials.clientId, clientSecret: overrides.clientSecret ?? credentials.clientSecret };
}

export function clientFor(sandbox: RunningSandbox, auth: AuthConfig, options: Partial<ServiceClientOptions> = {}): { client: ServiceClient; log: ClientLog } {
  const log: ClientLog = { requests: [], warnings: [] };
  const client = new ServiceClient({
    baseUrl: sandbox.baseUrl,
    authUrl: sandbox.authUrl,
    auth,
    requestsPerMinute: sandbox.requestsPerMinute,
    logger: { request: (entry) => log.requests.push(entry), warn: (message) => log.warnings.push(message) },
    ...options,
  });
  return { client, log };
}

export async function startRecordedSandbox(options: SandboxOptions = {}): Promise<{ sandbox: RunningSandbox; traffic: Traffic }> {
  const traffic = recordTraffic();
  const sandbox = await startSandbox({ requestsPerMinute: 10_000, ...options, onRequest: traffic.onRequest });
  return { sandbox, traffic };
}
