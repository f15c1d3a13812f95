import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encryptionRequired, isLocalScheduler, parseClientConf, parseServerName, readClientConfig, schedulerAddress, schedulerDownMessage } from '../../../electron/platform/printers/cups/scheduler';

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'packbench-client-conf-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('finding the CUPS scheduler as the CUPS tools do', () => {
  it('reads every form CUPS_SERVER and ServerName take', () => {
    expect(parseServerName('print.example', 631)).toEqual({ kind: 'tcp', host: 'print.example', port: 631, version: [2, 0] });
    expect(parseServerName('127.0.0.1:8631', 631)).toEqual({ kind: 'tcp', host: '127.0.0.1', port: 8631, version: [2, 0] });
    expect(parseServerName('print.example:8631/version=1.1', 631)).toEqual({ kind: 'tcp', host: 'print.example', port: 8631, version: [1, 1] });
    expect(parseServerName('[::1]:8631', 631)).toEqual({ kind: 'tcp', host: '::1', port: 8631, version: [2, 0] });
    expect(parseServerName('::1', 631)).toEqual({ kind: 'tcp', host: '::1', port: 631, version: [2, 0] });
    expect(parseServerName('/run/cups/cups.sock', 631)).toEqual({ kind: 'socket', path: '/run/cups/cups.sock', version: [2, 0] });
  });

  it('prefers CUPS_SERVER, then client.conf, then the local socket, then localhost on IPP_PORT', () => {
    const config = { serverName: 'from-conf:9631' };
    const anySocket = (): boolean => true;
    const noSocket = (): boolean => false;
    expect(schedulerAddress({ env: { CUPS_SERVER: 'from-env' }, config, platform: 'linux', socketExists: anySocket })).toMatchObject({ host: 'from-env', port: 631 });
    expect(schedulerAddress({ env: {}, config, platform: 'linux', socketExists: anySocket })).toMatchObject({ host: 'from-conf', port: 9631 });
    expect(schedulerAddress({ env: {}, config: {}, platform: 'linux', socketExists: (f) => f === '/var/run/cups/cups.sock' })).toMatchObject({ kind: 'socket', path: '/var/run/cups/cups.sock' });
    expect(schedulerAddress({ env: {}, config: {}, platform: 'darwin', socketExists: anySocket })).toMatchObject({ kind: 'socket', path: '/private/var/run/cupsd' });
    expect(schedulerAddress({ env: { IPP_PORT: '8631' }, config: {}, platform: 'linux', socketExists: noSocket })).toMatchObject({ kind: 'tcp', host: 'localhost', port: 8631 });
    expect(schedulerAddress({ env: { CUPS_SERVER: '  ' }, config: {}, platform: 'linux', socketExists: noSocket })).toMatchObject({ host: 'localhost', port: 631 });
  });

  it("reads ServerName and Encryption from the system's client.conf and lets the user's own file override them", async () => {
    const serverRoot = path.join(dir, 'etc-cups');
    const home = path.join(dir, 'home');
    await mkdir(serverRoot, { recursive: true });
    await mkdir(path.join(home, '.cups'), { recursive: true });
    await writeFile(path.join(serverRoot, 'client.conf'), '# system\nServerName printhost:631\nEncryption Required\n');
    expect(readClientConfig({ CUPS_SERVERROOT: serverRoot, HOME: home })).toEqual({ serverName: 'printhost:631', encryption: 'Required' });
    await writeFile(path.join(home, '.cups', 'client.conf'), 'servername /tmp/desk.sock\n');
    expect(readClientConfig({ CUPS_SERVERROOT: serverRoot, HOME: home })).toEqual({ serverName: '/tmp/desk.sock', encryption: 'Required' });
    expect(readClientConfig({ CUPS_SERVERROOT: path.join(dir, 'none'), HOME: path.join(dir, 'nobody') })).toEqual({});
    expect(parseClientConf('  # ServerName commented\nEncryption IfRequested\n')).toEqual({ encryption: 'IfRequested' });
  });

  it('leaves TLS to lp when CUPS_ENCRYPTION or client.conf asks for it', () => {
    expect(encryptionRequired({ CUPS_ENCRYPTION: 'Required' }, {})).toBe(true);
    expect(encryptionRequired({}, { encryption: 'always' })).toBe(true);
    expect(encryptionRequired({ CUPS_ENCRYPTION: 'IfRequested' }, { encryption: 'Required' })).toBe(false);
    expect(encryptionRequired({}, {})).toBe(false);
  });
});

describe('a scheduler nobody answers at, in words', () => {
  it("on this computer (its socket or a loopback address), CUPS is not running; the address stays for whoever sets it up", () => {
    for (const name of ['/run/cups/cups.sock', 'localhost', '127.0.0.1:631', '[::1]:631', '127.0.1.1']) expect(isLocalScheduler(parseServerName(name, 631)), name).toBe(true);
    expect(schedulerDownMessage(parseServerName('127.0.0.1', 631), 'ECONNREFUSED')).toBe('the print service (CUPS) is not running on this computer (nothing answers at 127.0.0.1:631)');
    expect(schedulerDownMessage(parseServerName('/run/cups/cups.sock', 631), 'ENOENT')).toBe('the print service (CUPS) is not running on this computer (nothing answers at /run/cups/cups.sock)');
  });

  it('elsewhere, the print server cannot be reached, and why, in words rather than an error code', () => {
    const server = parseServerName('print.example:8631', 631);
    expect(isLocalScheduler(server)).toBe(false);
    expect(schedulerDownMessage(server, 'ECONNREFUSED')).toBe('the print server (CUPS) at print.example:8631 cannot be reached (connection refused)');
    expect(schedulerDownMessage(server, 'ENOTFOUND')).toBe('the print server (CUPS) at print.example:8631 cannot be reached (no computer has that name)');
    expect(schedulerDownMessage(parseServerName('10.0.0.9', 631), 'EHOSTUNREACH')).toBe('the print server (CUPS) at 10.0.0.9:631 cannot be reached (no route to the host)');
    expect(schedulerDownMessage(server, undefined)).toBe('the print server (CUPS) at print.example:8631 cannot be reached');
  });
});

