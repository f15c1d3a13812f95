/** The quit gate with a stand-in for Electron's `app` (an EventEmitter, as the real one is): no Electron binary here. */
import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { closeBeforeQuit, type QuittableApp } from '../../../electron/shell/quitGate';

class FakeApp extends EventEmitter implements QuittableApp {
  quits = 0;
  /** What Electron does: emit before-quit, and quit only when no listener prevented it. */
  quit(): void {
    this.quits += 1;
    let prevented = false;
    this.emit('before-quit', { preventDefault: () => (prevented = true) });
    if (!prevented) this.emit('quitted');
  }
}

function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('closeBeforeQuit', () => {
  it('holds the quit until the station has closed, closing it once', async () => {
    const app = new FakeApp();
    const closing = deferred();
    const close = vi.fn(() => closing.promise);
    const quitted = vi.fn();
    app.on('quitted', quitted);
    closeBeforeQuit(app, close);

    app.quit();
    app.quit(); // a second Cmd+Q while closing
    expect(close).toHaveBeenCalledTimes(1);
    expect(quitted).not.toHaveBeenCalled();

    closing.resolve();
    await vi.waitFor(() => expect(quitted).toHaveBeenCalledTimes(1));
    expect(close).toHaveBeenCalledTimes(1);
  });

  it('still quits when closing fails, and logs why', async () => {
    const app = new FakeApp();
    const lines: string[] = [];
    const quitted = vi.fn();
    app.on('quitted', quitted);
    closeBeforeQuit(app, () => Promise.reject(new Error('disk gone')), (line) => lines.push(line));
    app.quit();
    await vi.waitFor(() => expect(quitted).toHaveBeenCalledTimes(1));
    expect(lines).toEqual(['closing the station failed: disk gone']);
  });
});
