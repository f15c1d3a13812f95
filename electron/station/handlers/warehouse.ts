/** Settings → Warehouse: the desk's link to the warehouse database, its test, and turning warehouse mode off. */
import { StationError, type StationHandlers, type WarehouseLink, type WarehouseLinkInput, type WarehouseView } from '../../api';
import { checkWarehouseConnection } from '../../warehouse';
import type { Connection } from '../connection';
import type { StationContext } from '../context';
import { connectionOf, warehouseVault } from '../warehouseLink';

type WarehouseMethods = 'getWarehouse' | 'saveWarehouse' | 'testWarehouse' | 'turnOffWarehouse' | 'getRequestBudget' | 'countWarehouseConflicts' | 'listWarehouseConflicts' | 'resolveWarehouseConflict' | 'getWarehouseJournal';

async function viewOf(station: StationContext, connection: Connection): Promise<WarehouseView> {
  return {
    link: connection.store.read.deskSetting('warehouse'),
    hasPassword: await station.vault.has(connection.warehouse.passwordName),
    status: connection.warehouse.status,
  };
}

/** A stored password belongs to the server and role it was typed for: it is never sent to another. */
function sameServerAndRole(before: WarehouseLink | null, after: WarehouseLink): boolean {
  return before !== null && before.host === after.host && before.port === after.port && before.database === after.database && before.role === after.role;
}

/**
 * Splits the form's input into the link and where its password comes from: the one typed, or the
 * vault's when the server and role are the ones it was stored for.
 */
async function linkAndPassword(station: StationContext, connection: Connection, input: WarehouseLinkInput): Promise<{ link: WarehouseLink; password: () => Promise<string | undefined>; typed: string | undefined }> {
  const { password: typed, ...link } = input;
  if (typed !== undefined) return { link, password: () => Promise.resolve(typed), typed };
  const name = connection.warehouse.passwordName;
  if (!sameServerAndRole(connection.store.read.deskSetting('warehouse'), link) || !(await station.vault.has(name))) {
    throw new StationError('invalidInput', `type the password of role ${link.role}: no password is stored for this server and role`, [
      { field: 'password', message: 'password must be typed for this server and role' },
    ]);
  }
  return { link, password: () => station.vault.get(name), typed };
}

export function warehouseHandlers(station: StationContext): Pick<StationHandlers, WarehouseMethods> {
  return {
    getWarehouse: () => {
      const connection = station.connection();
      return viewOf(station, connection);
    },
    saveWarehouse: async (input) => {
      const connection = station.connection();
      const { link, typed } = await linkAndPassword(station, connection, input);
      if (typed !== undefined) await station.vault.set(connection.warehouse.passwordName, typed);
      connection.store.atomically((write) => write.setDeskSetting('warehouse', link));
      await connection.openWarehouse();
      return viewOf(station, connection);
    },
    testWarehouse: async (input) => {
      const connection = station.connection();
      const { link, password } = await linkAndPassword(station, connection, input);
      const desk = { id: connection.store.read.deskSetting('deskId'), name: link.deskName };
      const check = await checkWarehouseConnection(connectionOf(link), desk, warehouseVault(password));
      return { ok: check.ok, message: check.words };
    },
    turnOffWarehouse: async () => {
      const connection = station.connection();
      connection.store.atomically((write) => write.setDeskSetting('warehouse', null));
      await station.vault.delete(connection.warehouse.passwordName);
      await connection.openWarehouse();
      return viewOf(station, connection);
    },
    getRequestBudget: () => station.connection().budget?.mode ?? null,
    countWarehouseConflicts: () => station.connection().conflicts.count(),
    listWarehouseConflicts: () => station.connection().conflicts.list(),
    resolveWarehouseConflict: (input) => station.connection().conflicts.resolve(input),
    getWarehouseJournal: () => station.connection().journal.view(),
  };
}
