/**
 * The one place that decides which spooler the app talks to: Windows has no CUPS, every other
 * platform Packbench ships on (macOS, Linux) has.
 */
import type { PrinterBackend } from './backend';
import { CupsBackend } from './cups/backend';
import { WindowsBackend } from './windows/backend';
import type { WindowsBackendOptions } from './windows/backend';

export interface BackendChoice {
  /** process.platform of the running app. */
  readonly platform: NodeJS.Platform;
  /** Environment for the CUPS tools (CUPS_SERVER picks the scheduler). */
  readonly env: NodeJS.ProcessEnv;
  readonly windows?: WindowsBackendOptions;
}

export function chooseBackend(choice: BackendChoice): PrinterBackend {
  if (choice.platform === 'win32') return new WindowsBackend(choice.windows);
  return new CupsBackend({ env: choice.env });
}
