/**
 * `npm run sandbox`: runs the sandbox standalone, prints where it listens and the credentials
 * to use, and stops cleanly on SIGINT or SIGTERM.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { startSandbox } from '../sandbox/sandbox';
import { loadRuleSetText } from '../sandbox/rules';
import { parseTier } from '../sandbox/server/rateLimiter';

function fail(message: string): never {
  console.error(`sandbox: ${message}`);
  process.exit(2);
}

const USAGE = `usage: npm run sandbox -- [options]
  --port N                 port on 127.0.0.1 (default 4010; 0 picks a free one)
  --db FILE                keep the sandbox's records in this SQLite file (default: in memory)
  --api-key KEY            the full-access API key (default: the demo key)
  --read-only-api-key KEY  the read-only API key
  --client-id ID           the OAuth client id
  --client-secret SECRET   the OAuth client secret
  --tier T                 standard (100/min), premium (500/min) or N-per-minute
  --rules FILE             business rules (JSON, see docs/sandbox/business-rules.md)
  --no-demo-location       start with no location (by default a sandbox that never had one
                           starts with the demo warehouse, so a new connection can ship at once)
  --verbose                print one line per request`;

let values: ReturnType<typeof parse>['values'];
function parse() {
  return parseArgs({
    options: {
      port: { type: 'string', default: '4010' },
      db: { type: 'string' },
      'api-key': { type: 'string' },
      'read-only-api-key': { type: 'string' },
      'client-id': { type: 'string' },
      'client-secret': { type: 'string' },
      tier: { type: 'string', default: 'standard' },
      rules: { type: 'string' },
      'no-demo-location': { type: 'boolean', default: false },
      verbose: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  });
}
try {
  values = parse().values;
} catch (error) {
  fail(`${(error as Error).message}\n${USAGE}`);
}
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}

const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`--port must be a port number, not "${values.port}"`);

let requestsPerMinute: number;
try {
  requestsPerMinute = parseTier(values.tier);
} catch (error) {
  fail((error as Error).message);
}

let ruleSet;
if (values.rules !== undefined) {
  let text: string;
  try {
    text = readFileSync(values.rules, 'utf8');
  } catch (error) {
    fail(`cannot read --rules ${values.rules}: ${(error as Error).message}`);
  }
  const loaded = loadRuleSetText(text);
  if (!loaded.ok) fail(`--rules ${values.rules} is not a valid rule set:\n  ${loaded.issues.map((i) => i.message).join('\n  ')}`);
  ruleSet = loaded.value;
}

const credentials = {
  ...(values['api-key'] === undefined ? {} : { apiKey: values['api-key'] }),
  ...(values['read-only-api-key'] === undefined ? {} : { readOnlyApiKey: values['read-only-api-key'] }),
  ...(values['client-id'] === undefined ? {} : { clientId: values['client-id'] }),
  ...(values['client-secret'] === undefined ? {} : { clientSecret: values['client-secret'] }),
};

const sandbox = await startSandbox({
  port,
  dbPath: values.db ?? ':memory:',
  credentials,
  requestsPerMinute,
  demoLocation: !values['no-demo-location'],
  ...(ruleSet === undefined ? {} : { ruleSet }),
  ...(values.verbose ? { onRequest: (e: { method: string; path: string; status: number; ms: number }) => console.log(`${e.method} ${e.path} ${e.status} ${e.ms.toFixed(1)} ms`) } : {}),
}).catch((error: unknown) => fail((error as Error).message));

const { credentials: c } = sandbox;
console.log(`Packbench sandbox: the Shipping Management Service emulator
  base URL        ${sandbox.baseUrl}
  auth URL        ${sandbox.authUrl}   (token: POST ${sandbox.authUrl}/connect/token)
  API key         ${c.apiKey}   (header X-API-KEY)
  read-only key   ${c.readOnlyApiKey}
  OAuth client    ${c.clientId} / ${c.clientSecret}
  rate limit      ${sandbox.requestsPerMinute} requests per minute per credential
  data            ${values.db ?? 'in memory (use --db FILE to keep it)'}
  fault controls  PUT ${sandbox.baseUrl}/_sandbox/faults with header X-Sandbox-Admin: ${sandbox.adminToken}
Ctrl+C stops it.`);

let stopping = false;
const stop = (signal: string) => {
  if (stopping) return;
  stopping = true;
  console.log(`sandbox: ${signal}, stopping`);
  void sandbox.close().then(() => process.exit(0));
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
