/**
 * What the station's handlers work with: the live parts, looked up at call time because a
 * profile switch replaces them. The composition root (station.ts) implements it; the handlers
 * know only this, so neither imports the other.
 */
import type { StationEvent } from '../api';
import type { Timers } from '../platform/clock';
import type { FileOpener } from '../platform/fileOpener';
import type { DeskPrinters } from '../platform/printers/desk';
import type { Vault } from '../platform/vault';
import type { AuthConfig } from '../service/client/auth';
import type { Connection } from './connection';
import type { ProfileRegistry, StoredProfile } from './profiles';

export interface StationContext {
  readonly registry: ProfileRegistry;
  readonly vault: Vault;
  readonly timers: Timers;
  /** The system's printers and the PDF folder. */
  readonly backend: DeskPrinters;
  /** Opens a file the station wrote, as this computer opens files. */
  readonly fileOpener: FileOpener;
  /** The folder the PDF folder printer writes to now: the active profile's choice, else the default. */
  pdfFolder(): { readonly folder: string; readonly isDefault: boolean };
  /** The active profile's working set. */
  connection(): Connection;
  /** The profile as it is used right now (the sandbox's URLs filled in). */
  resolve(profile: StoredProfile): Promise<StoredProfile>;
  /** The sign-in for a profile, or why there is none. */
  authFor(profile: StoredProfile): Promise<AuthConfig | { problem: string }>;
  /** Closes the active profile's working set and opens the one of `profileId`. */
  activate(profileId: string): Promise<void>;
  emit(event: StationEvent): void;
}
