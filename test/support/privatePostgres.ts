/**
 * A private PostgreSQL server for integration tests: its own cluster in a temporary folder, a
 * free port on 127.0.0.1, password authentication over TCP (so the warehouse code signs in the
 * way it does at a real server), started by the test and stopped by PID. Nothing here touches the
 * machine's own clusters or leaves loopback.
 *
 * PostgreSQL refuses to run as root, so when the tests run as root (CI) the cluster belongs to the
 * `postgres` user that Debian's package creates, and every server command runs through `runuser`.
 */
import { execFile, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, chown, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where Debian's `postgresql` package puts the server programs. */
const BIN_DIRS = ['/usr/lib/postgresql/17/bin', '/usr/lib/postgresql/16/bin', '/usr/lib/postgresql/15/bin'];

/** The setup script an admin runs at a real server (docs/warehouse.md): the tests run it too. */
export const WAREHOUSE_SETUP_SQL = fileURLToPath(new URL('../../docs/warehouse-setup.sql', import.meta.url));

export interface PrivatePostgres {
  readonly host: '127.0.0.1';
  readonly port: number;
  /** The cluster's superuser and its password (scram-sha-256 over TCP). */
  readonly superuser: { readonly name: string; readonly password: string };
  /** PID of the postmaster while it runs. */
  readonly pid: number | undefined;
  /** Runs `psql` as the superuser against `database`, with `-v name=value` for each variable. */
  psql(args: { database?: string; file?: string; command?: string; variables?: Record<string, string> }): Promise<string>;
  /** Runs docs/warehouse-setup.sql as an admin would, making the roles (once) and `database`; says the roles' passwords. */
  setUpWarehouse(database?: string): Promise<WarehouseRoles>;
  /** Stops the server (fast shutdown: open sessions are cut) and waits for its PID to exit. */
  stopServer(mode?: 'fast' | 'immediate'): Promise<void>;
  /** Starts it again on the same port and data, and waits until it accepts connections. */
  startServer(): Promise<void>;
  /** Stops the server and removes its folder. */
  stop(): Promise<void>;
}

export interface WarehouseRoles {
  readonly database: string;
  readonly owner: { readonly name: 'packbench_owner'; readonly password: string };
  readonly desk: { readonly name: 'packbench_desk'; readonly password: string };
}

function serverBin(name: string): string {
  const dir = BIN_DIRS.find((d) => existsSync(path.join(d, name)));
  if (dir === undefined) throw new Error(`PostgreSQL's ${name} is not installed (looked in ${BIN_DIRS.join(', ')}): run npm run setup:system`);
  return path.join(dir, name);
}

interface RunResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

function run(command: string, args: readonly string[], env: NodeJS.ProcessEnv = process.env): Promise<RunResult> {
  return new Promise((resolve) => {
    execFile(command, args, { env, timeout: 60_000, encoding: 'utf8' }, (error, stdout, stderr) => {
      const code = error === null ? 0 : typeof error.code === 'number' ? error.code : -1;
      resolve({ code, stdout, stderr: error !== null && code === -1 ? `${stderr}${error.message}` : stderr });
    });
  });
}

async function mustRun(command: string, args: readonly string[], env?: NodeJS.ProcessEnv): Promise<string> {
  const result = await run(command, args, env);
  if (result.code !== 0) throw new Error(`${command} ${args.join(' ')} failed (${result.code}): ${result.stderr || result.stdout}`);
  return result.stdout;
}

const asRoot = process.getuid?.() === 0;

/** The command line for a server program, as the `postgres` user when the tests run as root. */
function serverCommand(name: string, args: readonly string[]): [string, string[]] {
  const bin = serverBin(name);
  return asRoot ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, [...args]];
}

/** A loopback port the kernel hands out as free: nothing listens on it (until someone does). */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('no free port');
  return address.port;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitUntil(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`timed out waiting for ${what}`);
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'packbench-pg-'));
  const data = path.join(root, 'data');
  const superuser = { name: 'pb_admin', password: randomBytes(18).toString('base64url') };
  const passwords = { owner: randomBytes(18).toString('base64url'), desk: randomBytes(18).toString('base64url') };
  const port = await freePort();
  let pid: number | undefined;

  const killNow = (): void => {
    if (pid !== undefined && isAlive(pid)) process.kill(pid, 'SIGKILL');
  };
  // Last line of defence if the test process dies without calling stop().
  process.once('exit', killNow);

  const stopServer = async (mode: 'fast' | 'immediate' = 'fast'): Promise<void> => {
    const running = pid;
    if (running === undefined) return;
    // SIGINT is PostgreSQL's fast shutdown, SIGQUIT its immediate one (no checkpoint: a crash).
    if (isAlive(running)) process.kill(running, mode === 'fast' ? 'SIGINT' : 'SIGQUIT');
    try {
      await waitUntil(() => !isAlive(running), `PostgreSQL (PID ${running}) to stop`, 20_000);
    } catch {
      if (isAlive(running)) process.kill(running, 'SIGKILL');
      await waitUntil(() => !isAlive(running), `PostgreSQL (PID ${running}) to die`, 5_000);
    }
    pid = undefined;
  };

  const startServer = async (): Promise<void> => {
    const options = `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
    const [command, args] = serverCommand('pg_ctl', ['-D', data, '-l', path.join(root, 'server.log'), '-o', options, '-w', '-t', '60', 'start']);
    await mustRun(command, args);
    const pidFile = await readFile(path.join(data, 'postmaster.pid'), 'utf8');
    pid = Number(pidFile.split('\n')[0]);
    if (!Number.isSafeInteger(pid) || pid <= 0) throw new Error(`no PID in ${data}/postmaster.pid`);
  };

  const psql: PrivatePostgres['psql'] = async ({ database = 'postgres', file, command, variables = {} }) => {
    const args = ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '-h', '127.0.0.1', '-p', String(port), '-U', superuser.name, '-d', database, '-At'];
    for (const [name, value] of Object.entries(variables)) args.push('-v', `${name}=${value}`);
    if (file !== undefined) args.push('-f', file);
    if (command !== undefined) args.push('-c', command);
    return mustRun('psql', args, { ...process.env, PGPASSWORD: superuser.password, PGCONNECT_TIMEOUT: '10' });
  };

  const stop = async (): Promise<void> => {
    process.removeListener('exit', killNow);
    await stopServer();
    await rm(root, { recursive: true, force: true });
  };

  try {
    await mkdir(data);
    const pwfile = path.join(root, 'superuser.pw');
    await writeFile(pwfile, `${superuser.password}\n`, { mode: 0o600 });
    if (asRoot) {
      const { uid, gid } = postgresUser();
      for (const p of [root, data, pwfile]) await chown(p, uid, gid);
    }
    await chmod(data, 0o700);
    const [command, args] = serverCommand('initdb', ['-D', data, '-U', superuser.name, `--pwfile=${pwfile}`, '--auth-local=trust', '--auth-host=scram-sha-256', '-E', 'UTF8', '--locale=C', '--no-sync']);
    await mustRun(command, args);
    await rm(pwfile);
    await startServer();
  } catch (error) {
    await stop();
    throw error;
  }

  return {
    host: '127.0.0.1',
    port,
    superuser,
    get pid() {
      return pid;
    },
    psql,
    async setUpWarehouse(database = 'packbench'): Promise<WarehouseRoles> {
      // The roles belong to the whole server: made (with these passwords) by the first run only.
      await psql({ file: WAREHOUSE_SETUP_SQL, variables: { database, owner_password: passwords.owner, desk_password: passwords.desk } });
      return { database, owner: { name: 'packbench_owner', password: passwords.owner }, desk: { name: 'packbench_desk', password: passwords.desk } };
    },
    stopServer,
    startServer,
    stop,
  };
}

function postgresUser(): { uid: number; gid: number } {
  // os.userInfo() describes only the current user; the passwd line gives the postgres user's ids.
  const fields = execFileSync('getent', ['passwd', 'postgres'], { encoding: 'utf8' }).split(':');
  const uid = Number(fields[2]);
  const gid = Number(fields[3]);
  if (!Number.isSafeInteger(uid) || !Number.isSafeInteger(gid)) throw new Error('there is no postgres user: install PostgreSQL with npm run setup:system');
  return { uid, gid };
}
