/**
 * Which CUPS scheduler the CUPS tools would talk to, found the way libcups finds it, so a job sent
 * over IPP goes where `lp` would have sent it: CUPS_SERVER, else ServerName in ~/.cups/client.conf,
 * else in the system client.conf, else the local scheduler's domain socket if it exists, else
 * localhost on the IPP port.
 */
import { accessSync, constants, readFileSync } from 'node:fs';
import path from 'node:path';

export type SchedulerAddress =
  | { readonly kind: 'socket'; readonly path: string; readonly version: IppVersion }
  | { readonly kind: 'tcp'; readonly host: string; readonly port: number; readonly version: IppVersion };

export type IppVersion = readonly [number, number];

/** What client.conf says, the user's file over the system's. */
export interface ClientConfig {
  readonly serverName?: string;
  readonly encryption?: string;
}

const DEFAULT_VERSION: IppVersion = [2, 0];

/** Where libcups looks for the local scheduler's socket when nothing names a server. */
function defaultSockets(platform: NodeJS.Platform): readonly string[] {
  if (platform === 'darwin') return ['/private/var/run/cupsd'];
  if (platform === 'linux') return ['/run/cups/cups.sock', '/var/run/cups/cups.sock'];
  return ['/var/run/cups/cups.sock'];
}

/** "ServerName host[:port]" and "Encryption Required": the two client.conf lines that decide how to reach CUPS. */
export function parseClientConf(text: string): ClientConfig {
  let serverName: string | undefined;
  let encryption: string | undefined;
  for (const raw of text.split('\n')) {
    const match = /^\s*(\S+)\s+(\S.*?)\s*$/.exec(raw);
    if (match === null || raw.trimStart().startsWith('#')) continue;
    const [, key = '', value = ''] = match;
    if (/^servername$/i.test(key)) serverName = value;
    else if (/^encryption$/i.test(key)) encryption = value;
  }
  return { ...(serverName !== undefined ? { serverName } : {}), ...(encryption !== undefined ? { encryption } : {}) };
}

function readIfPresent(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

/** Reads both client.conf files; a line in the user's file wins over the same line in the system's. */
export function readClientConfig(env: NodeJS.ProcessEnv): ClientConfig {
  const systemRoot = env.CUPS_SERVERROOT ?? '/etc/cups';
  const files = [path.join(systemRoot, 'client.conf'), ...(env.HOME ? [path.join(env.HOME, '.cups', 'client.conf')] : [])];
  let config: ClientConfig = {};
  for (const file of files) {
    const text = readIfPresent(file);
    if (text !== undefined) config = { ...config, ...parseClientConf(text) };
  }
  return config;
}

function ippPort(env: NodeJS.ProcessEnv): number {
  const port = Number(env.IPP_PORT);
  return Number.isInteger(port) && port > 0 && port < 65536 ? port : 631;
}

/**
 * "host", "host:port", "[v6]:port", any of them with "/version=1.1", or a socket path.
 * libcups reads a name that starts with "/" as a local socket.
 */
export function parseServerName(value: string, defaultPort: number): SchedulerAddress {
  const [server = '', ...rest] = value.trim().startsWith('/') ? [value.trim()] : value.trim().split('/');
  const versionText = /^version=(\d)\.(\d)$/.exec(rest.join('/'));
  const version: IppVersion = versionText === null ? DEFAULT_VERSION : [Number(versionText[1]), Number(versionText[2])];
  if (server.startsWith('/')) return { kind: 'socket', path: server, version };
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(server);
  if (bracketed !== null) return { kind: 'tcp', host: bracketed[1] ?? '', port: bracketed[2] !== undefined ? Number(bracketed[2]) : defaultPort, version };
  const colon = server.lastIndexOf(':');
  // A bare IPv6 address has several colons and no port.
  if (colon > 0 && server.indexOf(':') === colon) {
    return { kind: 'tcp', host: server.slice(0, colon), port: Number(server.slice(colon + 1)) || defaultPort, version };
  }
  return { kind: 'tcp', host: server, port: defaultPort, version };
}

function readable(file: string): boolean {
  try {
    accessSync(file, constants.R_OK);
    return true;
  } catch {
    return false;
  }
}

export interface SchedulerFacts {
  readonly env: NodeJS.ProcessEnv;
  readonly config: ClientConfig;
  readonly platform: NodeJS.Platform;
  /** Whether a local socket path can be used; the real check unless a caller passes its own facts. */
  readonly socketExists?: (file: string) => boolean;
}

export function schedulerAddress(facts: SchedulerFacts): SchedulerAddress {
  const port = ippPort(facts.env);
  const named = facts.env.CUPS_SERVER?.trim() || facts.config.serverName?.trim();
  if (named) return parseServerName(named, port);
  const exists = facts.socketExists ?? readable;
  const socket = defaultSockets(facts.platform).find(exists);
  return socket !== undefined ? { kind: 'socket', path: socket, version: DEFAULT_VERSION } : { kind: 'tcp', host: 'localhost', port, version: DEFAULT_VERSION };
}

/** CUPS_ENCRYPTION or client.conf asking for TLS: that is lp's to do, not this plain-HTTP client's. */
export function encryptionRequired(env: NodeJS.ProcessEnv, config: ClientConfig): boolean {
  const setting = env.CUPS_ENCRYPTION ?? config.encryption ?? '';
  return /^(required|always)$/i.test(setting.trim());
}

/** How a scheduler is named in messages. */
export function describeScheduler(address: SchedulerAddress): string {
  return address.kind === 'socket' ? address.path : `${address.host.includes(':') ? `[${address.host}]` : address.host}:${String(address.port)}`;
}

/** Whether the scheduler is this computer's own (its socket, or a loopback address), not a print server elsewhere. */
export function isLocalScheduler(address: SchedulerAddress): boolean {
  if (address.kind === 'socket') return true;
  const host = address.host.toLowerCase();
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/** What went wrong on the way to a print server, in words ("connection refused"), from the system's error code. */
const CONNECTION_WORDS: Readonly<Record<string, string>> = {
  ECONNREFUSED: 'connection refused',
  ENOENT: 'no such socket',
  EHOSTUNREACH: 'no route to the host',
  ENETUNREACH: 'the network cannot be reached',
  ENOTFOUND: 'no computer has that name',
  EAI_AGAIN: 'its name could not be looked up',
  EACCES: 'permission denied',
  ENOTSOCK: 'not a socket',
};

/**
 * The sentence for a scheduler nobody answers at: on this computer, CUPS is not running; elsewhere,
 * the print server cannot be reached and why. The address stays, for whoever sets CUPS up.
 */
export function schedulerDownMessage(address: SchedulerAddress, code: string | undefined): string {
  const where = describeScheduler(address);
  if (isLocalScheduler(address)) return `the print service (CUPS) is not running on this computer (nothing answers at ${where})`;
  const why = code === undefined ? '' : ` (${CONNECTION_WORDS[code] ?? code.toLowerCase()})`;
  return `the print server (CUPS) at ${where} cannot be reached${why}`;
}
