/**
 * A private CUPS scheduler for integration tests: its own config, spool, logs and port on
 * 127.0.0.1, started by the test and stopped by PID, with a queue for each behaviour the printing
 * code must survive. Nothing here touches the machine's own CUPS or leaves loopback.
 */
import { execFile, spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { chmod, copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface PrivateCupsQueues {
  /** file: device behind a 4x6 PDF pass-through PPD: each job overwrites one known file. */
  readonly label4x6: string;
  /** IPP Everywhere queue in front of ippeveprinter, which keeps every job's file. */
  readonly ippEverywhere: string;
  /** socket:// to a loopback port nobody listens on. */
  readonly dead: string;
  /** Disabled (cupsdisable): accepts jobs, prints nothing. */
  readonly stopped: string;
  /** Rejecting (cupsreject): lp refuses jobs. */
  readonly rejecting: string;
  /** A file: queue whose name holds shell metacharacters (CUPS refuses quotes and spaces in names). */
  readonly awkwardName: string;
  /**
   * A raw queue (no PPD, no filter) whose device is socket:// to a listener in the test process
   * standing in for a Zebra on port 9100: each job's bytes, as received, overwrite one known file.
   */
  readonly zplRaw: string;
}

export interface PrivateCups {
  /** "127.0.0.1:PORT", the value of CUPS_SERVER. */
  readonly server: string;
  /** The scheduler's local socket, which CUPS_SERVER may name instead of the port. */
  readonly socket: string;
  /** process.env with CUPS_SERVER pointing at this scheduler. */
  readonly env: NodeJS.ProcessEnv;
  readonly queues: PrivateCupsQueues;
  /** Folder where ippeveprinter keeps the job files it received. */
  readonly ippJobDir: string;
  readonly stoppedReason: string;
  /** The reason given to cupsreject: the rejecting queue's state message. */
  readonly rejectingReason: string;
  outputFileOf(queue: string): string;
  stop(): Promise<void>;
}

const PPD = fileURLToPath(new URL('./cups/label-4x6-pdf.ppd', import.meta.url));
const QUEUES: PrivateCupsQueues = {
  label4x6: 'label4x6',
  ippEverywhere: 'label_ipp',
  dead: 'dead',
  stopped: 'stopped',
  rejecting: 'rejecting',
  awkwardName: 'label;$(id)&x|y',
  zplRaw: 'zebra_zpl',
};
const STOPPED_REASON = 'out of labels';
const REJECTING_REASON = 'closed for stocktaking';

export interface PrivateCupsOptions {
  /**
   * false: a scheduler with no queue at all (what a machine with no printer installed looks
   * like); `queues` then names queues that do not exist, and no IPP Everywhere printer runs.
   */
  readonly withQueues?: boolean;
}

export async function startPrivateCups(options: PrivateCupsOptions = {}): Promise<PrivateCups> {
  const withQueues = options.withQueues ?? true;
  const root = await mkdtemp(path.join(os.tmpdir(), 'packbench-cups-'));
  const children: ChildProcess[] = [];
  const killAll = (): void => {
    for (const child of children) if (child.exitCode === null && child.pid !== undefined) process.kill(child.pid, 'SIGKILL');
  };
  // Last line of defence if the test process dies without calling stop().
  process.once('exit', killAll);
  const closers: (() => Promise<void>)[] = [];
  const stop = async (): Promise<void> => {
    process.removeListener('exit', killAll);
    await Promise.all(closers.map((close) => close()));
    await Promise.all(children.map(stopChild));
    await rm(root, { recursive: true, force: true });
  };

  try {
    // etc/ssl: cupsd makes a self-signed certificate there, so a client that insists on TLS gets it.
    const dirs = ['etc/ssl', 'spool/tmp', 'cache', 'state', 'log', 'out', 'ipp-jobs'].map((d) => path.join(root, d));
    await Promise.all(dirs.map((d) => mkdir(d, { recursive: true })));
    // Filters and the file: device run as the unprivileged "lp" user: it must reach the output folder.
    await chmod(root, 0o755);
    await chmod(path.join(root, 'out'), 0o777);

    const [cupsPort, ippPort] = await freePorts();
    const server = `127.0.0.1:${String(cupsPort)}`;
    const socket = path.join(root, 'cups.sock');
    const env: NodeJS.ProcessEnv = { ...process.env, CUPS_SERVER: server, LANG: 'C', LC_ALL: 'C' };
    await writeCupsConfig(root, cupsPort, socket);

    children.push(spawnLogged('cupsd', ['-f', '-c', path.join(root, 'etc/cupsd.conf'), '-s', path.join(root, 'etc/cups-files.conf')], env));
    const ippReady = withQueues ? startIppEverywherePrinter(root, ippPort, env, children) : Promise.resolve();
    await waitFor(async () => (await run('lpstat', ['-r'], env)).stdout.includes('is running'), 'cupsd to start');

    const outputs = new Map<string, string>([
      [QUEUES.label4x6, path.join(root, 'out', 'label4x6.pdf')],
      [QUEUES.awkwardName, path.join(root, 'out', 'awkward.pdf')],
      [QUEUES.zplRaw, path.join(root, 'out', 'zebra.zpl')],
    ]);
    if (withQueues) {
      const zebra = await startRawListener(outputs.get(QUEUES.zplRaw) ?? '');
      closers.push(zebra.close);
      await addQueues(root, env, outputs, ippReady, ippPort, zebra.port);
    }

    return {
      server,
      socket,
      env,
      queues: QUEUES,
      ippJobDir: path.join(root, 'ipp-jobs'),
      stoppedReason: STOPPED_REASON,
      rejectingReason: REJECTING_REASON,
      outputFileOf(queue: string): string {
        const file = outputs.get(queue);
        if (file === undefined) throw new Error(`queue ${queue} has no output file`);
        return file;
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

async function addQueues(
  root: string,
  env: NodeJS.ProcessEnv,
  outputs: ReadonlyMap<string, string>,
  ippReady: Promise<void>,
  ippPort: number,
  zebraPort: number,
): Promise<void> {
  const ppd = path.join(root, 'label-4x6-pdf.ppd');
  await copyFile(PPD, ppd);
  // lpadmin warns that PPD drivers are deprecated; the warning is expected.
  await Promise.all([
    lpadmin(env, ['-p', QUEUES.label4x6, '-E', '-v', `file://${outputs.get(QUEUES.label4x6) ?? ''}`, '-P', ppd]),
    lpadmin(env, ['-p', QUEUES.awkwardName, '-E', '-v', `file://${outputs.get(QUEUES.awkwardName) ?? ''}`, '-P', ppd]),
    // Neither a PPD nor a model: CUPS makes a raw queue, which hands every job to the device as it came.
    // (A raw job to a file: device writes nothing, there being no filter to write it: hence a socket.)
    lpadmin(env, ['-p', QUEUES.zplRaw, '-E', '-v', `socket://127.0.0.1:${String(zebraPort)}`]),
    lpadmin(env, ['-p', QUEUES.dead, '-E', '-v', `socket://127.0.0.1:${String(CLOSED_PORT)}`]),
    lpadmin(env, ['-p', QUEUES.stopped, '-E', '-v', 'file:///dev/null']),
    lpadmin(env, ['-p', QUEUES.rejecting, '-E', '-v', 'file:///dev/null']),
    ippReady.then(() => lpadmin(env, ['-p', QUEUES.ippEverywhere, '-E', '-v', `ipp://localhost:${String(ippPort)}/ipp/print`, '-m', 'everywhere'])),
  ]);
  await Promise.all([
    mustRun('cupsdisable', ['-r', STOPPED_REASON, QUEUES.stopped], env),
    mustRun('cupsreject', ['-r', REJECTING_REASON, QUEUES.rejecting], env),
    lpadmin(env, ['-d', QUEUES.label4x6]),
  ]);
}

async function writeCupsConfig(root: string, port: number, socket: string): Promise<void> {
  const at = (sub: string): string => path.join(root, sub);
  await writeFile(
    at('etc/cups-files.conf'),
    [
      `ServerRoot ${at('etc')}`,
      `RequestRoot ${at('spool')}`,
      `TempDir ${at('spool/tmp')}`,
      `CacheDir ${at('cache')}`,
      `StateDir ${at('state')}`,
      `AccessLog ${at('log/access_log')}`,
      `ErrorLog ${at('log/error_log')}`,
      `PageLog ${at('log/page_log')}`,
      `Printcap ${at('state/printcap')}`,
      'SystemGroup root',
      // file: device URIs are off by default; the label queue writes its jobs to a file.
      'FileDevice Yes',
      '',
    ].join('\n'),
  );
  await writeFile(
    at('etc/cupsd.conf'),
    [
      'LogLevel info',
      `Listen 127.0.0.1:${String(port)}`,
      `Listen ${socket}`,
      'Browsing Off',
      'WebInterface No',
      '<Location />',
      '  Order allow,deny',
      '  Allow 127.0.0.1',
      '</Location>',
      '<Policy default>',
      '  JobPrivateAccess all',
      '  JobPrivateValues none',
      '  <Limit All>',
      '    Order deny,allow',
      '  </Limit>',
      '</Policy>',
      '',
    ].join('\n'),
  );
}

/** ippeveprinter needs a D-Bus system bus even with DNS-SD off: give it a private one. */
async function startIppEverywherePrinter(root: string, port: number, env: NodeJS.ProcessEnv, children: ChildProcess[]): Promise<void> {
  const socket = path.join(root, 'dbus.sock');
  children.push(spawnLogged('dbus-daemon', ['--session', `--address=unix:path=${socket}`, '--nofork', '--nopidfile'], env));
  await waitFor(() => canConnect({ path: socket }), 'dbus-daemon to start');
  const attrs = path.join(root, 'ipp-label.attrs');
  await writeFile(
    attrs,
    [
      'ATTR mimeMediaType document-format-supported application/pdf,application/octet-stream',
      'ATTR keyword media-default na_index-4x6_4x6in',
      'ATTR keyword media-supported na_index-4x6_4x6in',
      'ATTR keyword media-ready na_index-4x6_4x6in',
      '',
    ].join('\n'),
  );
  const printerEnv = { ...env, DBUS_SYSTEM_BUS_ADDRESS: `unix:path=${socket}` };
  // -c /bin/true: "print" instantly instead of the built-in 5-15 s simulation; -k keeps job files.
  const args = ['-a', attrs, '-c', '/bin/true', '-k', '-d', path.join(root, 'ipp-jobs'), '-n', 'localhost', '-p', String(port), '-r', 'off', 'Packbench Label'];
  children.push(spawnLogged('ippeveprinter', args, printerEnv));
  await waitFor(() => canConnect({ host: '127.0.0.1', port }), 'ippeveprinter to listen');
}

function spawnLogged(command: string, args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  const child = spawn(command, args, { env, stdio: 'ignore' });
  child.on('error', () => undefined);
  return child;
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  process.kill(child.pid, 'SIGTERM');
  const timer = setTimeout(() => {
    if (child.exitCode === null && child.pid !== undefined) process.kill(child.pid, 'SIGKILL');
  }, 3000);
  await exited;
  clearTimeout(timer);
}

interface RunResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<RunResult> {
  return new Promise((resolve) => {
    execFile(command, args, { env, timeout: 15_000, encoding: 'utf8' }, (error, stdout, stderr) => {
      const code = error === null ? 0 : typeof error.code === 'number' ? error.code : -1;
      resolve({ code, stdout, stderr: error !== null && code === -1 ? `${stderr}${error.message}` : stderr });
    });
  });
}

async function mustRun(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  const result = await run(command, args, env);
  if (result.code !== 0) throw new Error(`${command} ${args.join(' ')} failed: ${result.stderr}`);
}

function lpadmin(env: NodeJS.ProcessEnv, args: string[]): Promise<void> {
  return mustRun('lpadmin', args, env);
}

function canConnect(target: { host: string; port: number } | { path: string }): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(target);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/**
 * A loopback port where nothing listens, for good: the "dead" printer's device, and where CUPS
 * would be on a computer whose CUPS is not running. Not one the kernel hands out as free: the
 * suite opens servers on ephemeral ports all the time, and one of them took such a port and
 * accepted the dead printer's job (which then "completed").
 */
export const CLOSED_PORT = 1;

/** Three ports the kernel hands out as free. */
/**
 * A loopback stand-in for a raw printer port (a Zebra's 9100): each connection is one job, written
 * to `file` once CUPS's socket backend has sent it all, before the connection is closed, so the
 * file holds the job by the time CUPS says it completed.
 */
async function startRawListener(file: string): Promise<{ port: number; close: () => Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('end', () => {
      void writeFile(file, Buffer.concat(chunks)).finally(() => socket.end());
    });
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port for the raw listener');
  const close = (): Promise<void> => {
    for (const socket of sockets) socket.destroy();
    return new Promise((resolve) => server.close(() => resolve()));
  };
  return { port: address.port, close };
}

async function freePorts(): Promise<[number, number, number]> {
  const servers = await Promise.all(
    Array.from({ length: 3 }, () => new Promise<net.Server>((resolve, reject) => {
      const srv = net.createServer();
      srv.once('error', reject);
      srv.listen(0, '127.0.0.1', () => resolve(srv));
    })),
  );
  const ports = servers.map((srv) => {
    const address = srv.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    return address.port;
  });
  await Promise.all(servers.map((srv) => new Promise((resolve) => srv.close(resolve))));
  const [a = 0, b = 0, c = 0] = ports;
  return [a, b, c];
}
