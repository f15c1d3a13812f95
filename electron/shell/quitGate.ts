/**
 * Holds the app's quit until the station has closed (the outbox worker stopped between items,
 * the store closed cleanly, the embedded sandbox stopped). Electron quits synchronously unless
 * `before-quit` is prevented, so the first quit is prevented, the close runs once, and the quit
 * is asked again when it is done; a failing close is logged and does not keep the app open.
 */
import type { PreventableEvent } from './guards';
import { messageOf } from '../base/errors';

/** The part of Electron's `app` used here. */
export interface QuittableApp {
  on(event: 'before-quit', listener: (event: PreventableEvent) => void): unknown;
  quit(): void;
}

export function closeBeforeQuit(app: QuittableApp, close: () => Promise<void>, log?: (line: string) => void): void {
  let state: 'open' | 'closing' | 'closed' = 'open';
  app.on('before-quit', (event) => {
    if (state === 'closed') return;
    event.preventDefault();
    if (state === 'closing') return;
    state = 'closing';
    void close()
      .catch((error: unknown) => log?.(`closing the station failed: ${messageOf(error)}`))
      .finally(() => {
        state = 'closed';
        app.quit();
      });
  });
}
