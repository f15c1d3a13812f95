import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

// The project's own eslint.config.js, with type-aware parsing switched off so the rules can
// be tried on source text that exists only in this test.
const eslint = new ESLint({
  cwd: fileURLToPath(new URL('../..', import.meta.url)),
  overrideConfig: [tseslint.configs.disableTypeChecked],
});

async function restrictedImportErrors(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === '@typescript-eslint/no-restricted-imports').map((m) => m.message);
}

async function layerErrors(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'packbench/layers').map((m) => m.message);
}

/** The layer table, as eslint.config.js hands it to its rule. */
async function layerTable(): Promise<string[][]> {
  const config = (await eslint.calculateConfigForFile('electron/station/probe.ts')) as { rules: Record<string, [unknown, { layers: string[][] }]> };
  return config.rules['packbench/layers']![1].layers;
}

/** A probe file in a folder of electron/, and how it names a module of another folder. */
const probeIn = (folder: string): string => (folder === '(root)' ? 'electron/probe.ts' : `electron/${folder}/probe.ts`);
const importOf = (from: string, to: string): string => {
  const target = to === '(root)' ? 'main' : `${to}/index`;
  return `import { x } from '${from === '(root)' ? './' : '../'}${target}';\nexport const y = x;\n`;
};

describe('the layer table of electron/', async () => {
  const layers = await layerTable();
  const rows = layers.flatMap((row, index) => row.map((folder) => ({ folder, row: index })));

  it('has a row for every folder of electron/, and a folder without one fails lint', async () => {
    const folders = readdirSync(fileURLToPath(new URL('../../electron', import.meta.url)), { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
    const listed = rows.map(({ folder }) => folder);
    expect(folders.filter((folder) => !listed.includes(folder))).toEqual([]);
    expect(await layerErrors('export const x = 1;\n', 'electron/nowhere/probe.ts')).toEqual([expect.stringContaining('electron/nowhere has no row in the layer table')]);
  });

  it.each(rows)('fails on a back-arrow planted in electron/$folder, and lets it import the rows below', async ({ folder, row }) => {
    const file = probeIn(folder);
    const forbidden = rows.filter((other) => other.folder !== folder && other.row >= row);
    const allowed = rows.filter((other) => other.row < row);
    // The top row has nothing above it: a sideways arrow is its back-arrow.
    expect(forbidden.length).toBeGreaterThan(0);
    for (const to of forbidden) expect(await layerErrors(importOf(folder, to.folder), file), `${folder} → ${to.folder}`).toHaveLength(1);
    for (const to of allowed) expect(await layerErrors(importOf(folder, to.folder), file), `${folder} → ${to.folder}`).toEqual([]);
    // Type imports, re-exports and dynamic imports are arrows too.
    const above = forbidden[0]!.folder;
    const prefix = folder === '(root)' ? './' : '../';
    const target = above === '(root)' ? 'main' : `${above}/index`;
    expect(await layerErrors(`import type { X } from '${prefix}${target}';\nexport type Y = X;\n`, file)).toHaveLength(1);
    expect(await layerErrors(`export { x } from '${prefix}${target}';\n`, file)).toHaveLength(1);
    expect(await layerErrors(`export const y = () => import('${prefix}${target}');\n`, file)).toHaveLength(1);
  });
});

describe('the front doors of electron/', () => {
  it("lets the rest of electron/ reach the store only through its index, while the store's own files reach each other", async () => {
    const code = (module: string): string => `import { x } from '${module}';\nexport const y = x;\n`;
    expect(await layerErrors(code('../store/orders'), 'electron/station/probe.ts')).toEqual([expect.stringContaining('electron/store is reached through its front door')]);
    expect(await layerErrors(code('../../store/statements'), 'electron/station/handlers/probe.ts')).toHaveLength(1);
    expect(await layerErrors(code('../store'), 'electron/station/probe.ts')).toEqual([]);
    expect(await layerErrors(code('../store/index'), 'electron/printing/probe.ts')).toEqual([]);
    expect(await layerErrors(code('./orders'), 'electron/store/probe.ts')).toEqual([]);
  });
});

describe('lint boundaries', () => {
  it('keeps Node and Electron out of the service contract', async () => {
    expect(await restrictedImportErrors("import { readFileSync } from 'node:fs';\nexport const x = readFileSync;\n", 'electron/service/contract/probe.ts')).toHaveLength(1);
    expect(await restrictedImportErrors("import path from 'path';\nexport const x = path;\n", 'electron/service/contract/probe.ts')).toHaveLength(1);
    expect(await restrictedImportErrors("import { app } from 'electron';\nexport const x = app;\n", 'electron/service/contract/probe.ts')).toHaveLength(1);
    expect(await restrictedImportErrors("import * as z from 'zod';\nexport const x = z.string();\n", 'electron/service/contract/probe.ts')).toEqual([]);
  });

  it('lets only the Electron shell import electron', async () => {
    expect(await restrictedImportErrors("import { app } from 'electron';\nexport const x = app;\n", 'electron/store/probe.ts')).toHaveLength(1);
    expect(await restrictedImportErrors("import { app } from 'electron';\nexport const x = app;\n", 'electron/shell/probe.ts')).toEqual([]);
  });

  it('lets the station API import only zod, the service contract and its own modules, even as types', async () => {
    const file = 'electron/api/probe.ts';
    expect(await restrictedImportErrors("import { randomBytes } from 'node:crypto';\nexport const x = randomBytes;\n", file)).toHaveLength(1);
    expect(await restrictedImportErrors("import { app } from 'electron';\nexport const x = app;\n", file)).toHaveLength(1);
    expect(await restrictedImportErrors("import Database from 'better-sqlite3';\nexport const x = Database;\n", file)).toHaveLength(1);
    expect(await restrictedImportErrors("import { openStationStore } from '../store/database';\nexport const x = openStationStore;\n", file)).toHaveLength(1);
    expect(await restrictedImportErrors("import type { PrintJob } from '../store/printJobs';\nexport type X = PrintJob;\n", file)).toHaveLength(1);
    expect(await restrictedImportErrors("import type { PrintEvent } from '../printing/printService';\nexport type X = PrintEvent;\n", file)).toHaveLength(1);
    expect(await restrictedImportErrors("import type { SyncEvent } from '../sync/events';\nexport type X = SyncEvent;\n", file)).toHaveLength(1);
    expect(await restrictedImportErrors("import type { ServiceError } from '../service/client/errors';\nexport type X = ServiceError;\n", file)).toHaveLength(1);
    expect(await restrictedImportErrors("import { Package } from '../service/contract/shipments';\nexport const x = Package;\n", file)).toHaveLength(1);
    expect(await restrictedImportErrors("import * as z from 'zod';\nexport const x = z.string();\n", file)).toEqual([]);
    expect(await restrictedImportErrors("import { ShipmentCreate } from '../service/contract';\nexport const x = ShipmentCreate;\n", file)).toEqual([]);
    expect(await restrictedImportErrors("import { OUTBOX_STATES } from './outbox';\nexport const x = OUTBOX_STATES;\n", file)).toEqual([]);
  });

  it('keeps the order-to-shipment rule pure: the station API, the service contract, zod and each other', async () => {
    const file = 'electron/shipping/orderShipment.ts';
    for (const module of ['../store/orders', '../station/context', '../printing/media', 'node:fs', 'electron']) {
      expect(await restrictedImportErrors(`import { x } from '${module}';\nexport const y = x;\n`, file), module).toHaveLength(1);
    }
    for (const module of ['../api', '../service/contract', './orderShipment', 'zod']) {
      expect(await restrictedImportErrors(`import { x } from '${module}';\nexport const y = x;\n`, file), module).toEqual([]);
    }
  });

  it("lets tests beside the renderer take the station's values as fixtures, but still no Node", async () => {
    const file = 'renderer/src/state/probe.test.ts';
    expect(await restrictedImportErrors("import { SETTING_DEFAULTS } from '../../../electron/store/settings';\nexport const x = SETTING_DEFAULTS;\n", file)).toEqual([]);
    expect(await restrictedImportErrors("import { readFileSync } from 'node:fs';\nexport const x = readFileSync;\n", file)).toHaveLength(1);
  });

  it('keeps the store below the layers that use it: no printing, sync, station, transport or shell', async () => {
    const file = 'electron/store/probe.ts';
    for (const module of ['../printing/media', '../sync/outboxWorker', '../station/context', '../webhost/server', '../shell/ipc', '../platform/printers/backend', '../service/client/client']) {
      expect(await restrictedImportErrors(`import { x } from '${module}';\nexport const y = x;\n`, file)).toHaveLength(1);
    }
    expect(await restrictedImportErrors("import { MediaConfig } from '../api/printing';\nexport const x = MediaConfig;\n", file)).toEqual([]);
    expect(await restrictedImportErrors("import { ShipmentCreate } from '../service/contract';\nexport const x = ShipmentCreate;\n", file)).toEqual([]);
  });

  it('keeps the warehouse beside the store and below the station', async () => {
    const file = 'electron/warehouse/probe.ts';
    for (const module of ['../store/database', '../store/orders', '../printing/media', '../sync/outboxWorker', '../station/context', '../webhost/server', '../shell/ipc', '../sandbox/sandbox']) {
      expect(await restrictedImportErrors(`import { x } from '${module}';\nexport const y = x;\n`, file)).toHaveLength(1);
    }
    expect(await restrictedImportErrors("import { assertMigrationOrder } from '../store/migrations/runner';\nexport const x = assertMigrationOrder;\n", file)).toHaveLength(1);
    expect(await restrictedImportErrors("import { assertMigrationOrder } from '../base/migrationOrder';\nexport const x = assertMigrationOrder;\n", file)).toEqual([]);
    expect(await restrictedImportErrors("import { OrderNumber } from '../api/orders';\nexport const x = OrderNumber;\n", file)).toEqual([]);
    expect(await restrictedImportErrors("import type { RequestGate } from '../service/client/limiter';\nexport type X = RequestGate;\n", file)).toEqual([]);
    expect(await restrictedImportErrors("import type { Vault } from '../platform/vault';\nexport type X = Vault;\n", file)).toEqual([]);
  });

  it('lets the renderer import only types from the station API', async () => {
    const file = 'renderer/src/probe.ts';
    expect(await restrictedImportErrors("import type { StationApi } from '../../electron/api/contract';\nexport type X = StationApi;\n", file)).toEqual([]);
    expect(await restrictedImportErrors("import { stationApi } from '../../electron/api/contract';\nexport const x = stationApi;\n", file)).toHaveLength(1);
    expect(await restrictedImportErrors("import type { ShipmentCreate } from '../../electron/service/contract';\nexport type X = ShipmentCreate;\n", file)).toHaveLength(1);
    expect(await restrictedImportErrors("import { readFileSync } from 'node:fs';\nexport const x = readFileSync;\n", file)).toHaveLength(1);
    expect(await restrictedImportErrors("import { ipcRenderer } from 'electron';\nexport const x = ipcRenderer;\n", file)).toHaveLength(1);
  });
});
