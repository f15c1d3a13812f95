import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PrintBackendError } from '../../../electron/platform/printers/backend';
import { chooseBackend } from '../../../electron/platform/printers/choose';
import { CupsBackend } from '../../../electron/platform/printers/cups/backend';
import { WindowsBackend } from '../../../electron/platform/printers/windows/backend';
import { startPrivateCups } from '../../support/privateCups';
import type { PrivateCups } from '../../support/privateCups';

let cups: PrivateCups;

beforeAll(async () => {
  cups = await startPrivateCups();
});

afterAll(async () => {
  await cups.stop();
});

describe('chooseBackend', () => {
  it('picks the Windows backend on win32, which here meets the real pdf-to-printer refusing this OS', async () => {
    const backend = chooseBackend({ platform: 'win32', env: cups.env });
    expect(backend).toBeInstanceOf(WindowsBackend);
    const error: unknown = await backend.listPrinters().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PrintBackendError);
    expect(error).toMatchObject({ kind: 'failed', message: 'listing Windows printers failed: Operating System not supported' });
  });

  it.each(['linux', 'darwin'] as const)('picks CUPS on %s and talks to the scheduler CUPS_SERVER names', async (platform) => {
    const backend = chooseBackend({ platform, env: cups.env });
    expect(backend).toBeInstanceOf(CupsBackend);
    const printers = await backend.listPrinters();
    expect(printers.find((p) => p.isDefault)?.name).toBe(cups.queues.label4x6);
    expect(printers.map((p) => p.name)).toContain(cups.queues.rejecting);
  });
});
