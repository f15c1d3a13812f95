/**
 * The desk's shared state, made once by App and handed to every screen through Svelte's
 * context: the station client and the state classes that more than one screen reads.
 */
import { getContext, setContext } from 'svelte';
import { webAudioPlayer, type SoundPlayer } from '../lib/sounds';
import type { StationClient } from '../lib/station';
import { ConnectionState } from './connection.svelte';
import { NavigationState } from './navigation.svelte';
import { PrintProblemsState } from './printProblems.svelte';
import { PrintersState } from './printers.svelte';
import { SettingsState } from './settings.svelte';
import { ShipSession } from './shipSession.svelte';
import { BatchState } from './batch.svelte';
import { ScaleState } from './scale.svelte';
import { WarehouseState } from './warehouse.svelte';
import { RequestBudgetState } from './requestBudget.svelte';
import { WarehouseConflictsState } from './warehouseConflicts.svelte';

export interface Desk {
  readonly station: StationClient;
  readonly connection: ConnectionState;
  readonly printers: PrintersState;
  readonly problems: PrintProblemsState;
  readonly settings: SettingsState;
  readonly navigation: NavigationState;
  /** The order at the Ship screen: kept while the packer looks at other screens. */
  readonly ship: ShipSession;
  /** The batch being chosen or shipped on the Orders screen: followed while other screens are shown. */
  readonly batch: BatchState;
  /** The desk's scale: connected once, kept across screens. */
  readonly scale: ScaleState;
  /** The desk's link to the warehouse database: Settings → Warehouse and the header's badge. */
  readonly warehouse: WarehouseState;
  /** Whose request limit the desk keeps to (its own, shared with the warehouse's desks, a local share): beside the badge. */
  readonly budget: RequestBudgetState;
  /** Conflicts a person must settle: the header's count, and Settings → Warehouse's list. */
  readonly conflicts: WarehouseConflictsState;
}

const KEY = Symbol('desk');

export function createDesk(station: StationClient, sounds: SoundPlayer = webAudioPlayer()): Desk {
  const settings = new SettingsState(station);
  const connection = new ConnectionState(station);
  return {
    station,
    connection,
    printers: new PrintersState(station),
    problems: new PrintProblemsState(station),
    settings,
    navigation: new NavigationState(),
    ship: new ShipSession(station, { settings, online: () => connection.online, sounds }),
    batch: new BatchState(station),
    scale: new ScaleState(
      () => settings.current?.scale,
      () => settings.units.weight,
    ),
    warehouse: new WarehouseState(station),
    budget: new RequestBudgetState(station),
    conflicts: new WarehouseConflictsState(station),
  };
}

/** Loads what every screen needs and follows the station's events; returns the function that stops following. */
export function startDesk(desk: Desk): () => void {
  void desk.connection.load();
  void desk.printers.load();
  void desk.problems.load();
  void desk.warehouse.load();
  void desk.budget.load();
  void desk.conflicts.loadCount();
  // A scale allowed before is reconnected once the settings say how it is reached.
  void desk.settings.load().then(() => desk.scale.reconnect());
  const stops = [
    desk.connection.follow(),
    desk.printers.follow(),
    desk.problems.follow(),
    desk.settings.follow(),
    desk.warehouse.follow(),
    desk.ship.follow(),
    desk.budget.follow(),
    desk.conflicts.follow(),
    desk.scale.watch(),
    // Another connection: the order on the Ship screen (its rates, its result) was the previous one's.
    desk.station.on('connectionChanged', (event) => {
      if (event.profileId !== desk.connection.info?.profile.id) desk.ship.nextOrder();
    }),
  ];
  return () => stops.forEach((stop) => stop());
}

export function setDesk(desk: Desk): void {
  setContext(KEY, desk);
}

export function getDesk(): Desk {
  const desk = getContext<Desk | undefined>(KEY);
  if (desk === undefined) throw new Error('a screen was shown outside the desk (App sets it)');
  return desk;
}
