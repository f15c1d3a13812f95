/**
 * The worker thread that draws carrier ZPL for printers that take PDF (zebrash, compiled to
 * WebAssembly by zpl-renderer-js). A label takes from a tenth of a second to half a second to draw,
 * all of it in one call: on the station's own thread it would hold up every answer, event, outbox
 * send and print watch meanwhile. Labels are drawn one at a time, in the order asked; the renderer
 * (8 MB of WebAssembly) is loaded at the first.
 */
import { parentPort } from 'node:worker_threads';
import type { ZplApi } from 'zpl-renderer-js';
import type { GreyImage } from './bitmap';
import { decodeImage } from '../labels/raster';

/** One label to draw: its program, the size of the canvas in millimetres, and its dots a millimetre. */
export interface ZplDrawRequest {
  readonly id: number;
  readonly program: string;
  readonly widthMm: number;
  readonly lengthMm: number;
  readonly dotsPerMm: number;
}

export type ZplDrawAnswer = { readonly id: number; readonly image: GreyImage } | { readonly id: number; readonly error: string };

let renderer: Promise<ZplApi> | undefined;

async function draw(request: ZplDrawRequest): Promise<GreyImage> {
  renderer ??= import('zpl-renderer-js').then(async (module) => (await module.ready).api);
  const api = await renderer;
  const [png] = await api.zplToBase64MultipleAsync(request.program, request.widthMm, request.lengthMm, request.dotsPerMm);
  if (png === undefined) throw new Error('the ZPL renderer drew nothing');
  return decodeImage(new Uint8Array(Buffer.from(png, 'base64')), 'png').image;
}

function serve(port: NonNullable<typeof parentPort>): void {
  // One at a time: each waits for the one before, so labels come back in the order asked.
  let queue = Promise.resolve();
  port.on('message', (request: ZplDrawRequest) => {
    queue = queue.then(async () => {
      try {
        const image = await draw(request);
        // Handed over, not copied: the pixels get a buffer of their own first if they share one.
        const own = image.pixels.byteOffset === 0 && image.pixels.byteLength === image.pixels.buffer.byteLength ? image.pixels : image.pixels.slice();
        const answer: ZplDrawAnswer = { id: request.id, image: { ...image, pixels: own } };
        port.postMessage(answer, [own.buffer as ArrayBuffer]);
      } catch (error) {
        const answer: ZplDrawAnswer = { id: request.id, error: error instanceof Error ? error.message : String(error) };
        port.postMessage(answer);
      }
    });
  });
}

if (parentPort !== null) serve(parentPort);
