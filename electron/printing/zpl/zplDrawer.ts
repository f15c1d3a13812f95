/**
 * Carrier ZPL drawn in a worker thread (zplDrawWorker.ts), so the station goes on answering while a
 * label is drawn. The worker is started at the first label and kept for the next (starting it and
 * loading the renderer cost more than a label); while no label is being drawn it does not keep the
 * process alive. If it stops, the labels waiting for it fail with words and the next label starts
 * a new one.
 */
import type { Worker } from 'node:worker_threads';
import { startModuleWorker } from '../../platform/moduleWorker';
import type { GreyImage } from './bitmap';
import type { ZplDrawAnswer, ZplDrawRequest } from './zplDrawWorker';

interface Waiting {
  readonly resolve: (image: GreyImage) => void;
  readonly reject: (error: Error) => void;
}

/** A running worker and the labels it has been asked for and not yet answered. */
interface Drawer {
  readonly worker: Worker;
  readonly waiting: Map<number, Waiting>;
}

let drawer: Drawer | undefined;
let nextId = 1;

function failAll(stopped: Drawer, why: string): void {
  if (drawer === stopped) drawer = undefined;
  for (const label of stopped.waiting.values()) label.reject(new Error(why));
  stopped.waiting.clear();
  void stopped.worker.terminate();
}

function started(): Drawer {
  if (drawer !== undefined) return drawer;
  const running: Drawer = { worker: startModuleWorker(import.meta.url, 'zplDrawWorker'), waiting: new Map() };
  running.worker.on('message', (answer: ZplDrawAnswer) => {
    const label = running.waiting.get(answer.id);
    if (label === undefined) return;
    running.waiting.delete(answer.id);
    if (running.waiting.size === 0) running.worker.unref();
    if ('error' in answer) label.reject(new Error(answer.error));
    else label.resolve(answer.image);
  });
  running.worker.on('error', (error) => failAll(running, `the ZPL renderer stopped: ${error.message}`));
  running.worker.on('exit', (code) => failAll(running, `the ZPL renderer stopped (exit code ${String(code)})`));
  drawer = running;
  return running;
}

/** Draws one label's program on a canvas of `widthMm` by `lengthMm` at `dotsPerMm`, in the worker. */
export function drawZplInWorker(label: Omit<ZplDrawRequest, 'id'>): Promise<GreyImage> {
  const running = started();
  const id = nextId;
  nextId += 1;
  return new Promise<GreyImage>((resolve, reject) => {
    running.waiting.set(id, { resolve, reject });
    // A label being drawn keeps the process alive; an idle worker does not.
    running.worker.ref();
    const request: ZplDrawRequest = { ...label, id };
    running.worker.postMessage(request);
  });
}

/** Ends the worker (the labels waiting for it fail); the next label starts another. */
export async function stopZplDrawer(): Promise<void> {
  const running = drawer;
  drawer = undefined;
  if (running !== undefined) await running.worker.terminate();
}
