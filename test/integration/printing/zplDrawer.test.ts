/**
 * Carrier ZPL drawn for a PDF printer in a worker thread: the station's own thread goes on turning
 * while a label is drawn, labels asked for at once come back each as drawn alone, and a worker that
 * stops fails the labels waiting for it with words, the next label starting another. A label that
 * says no length is drawn on what its fields reach, and again on 8 in when its ink runs past that;
 * every canvas is exactly the label's print width and length in its own dots.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { drawZpl, lengthWithoutLl, splitZpl, type CarrierZplLabel } from '../../../electron/printing/zpl/carrier';
import { inkBounds } from '../../../electron/printing/labels/raster';
import { stopZplDrawer } from '../../../electron/printing/zpl/zplDrawer';
import { carrierLabelsDir } from '../../support/carrierFixtures';

async function firstLabel(file: string): Promise<CarrierZplLabel> {
  const [label] = splitZpl((await readFile(join(carrierLabelsDir(), file))).toString('latin1'));
  if (label === undefined) throw new Error(`${file} holds no label`);
  return label;
}

/** Turns of this thread's event loop until `work` settles. */
async function turnsDuring(work: Promise<unknown>): Promise<number> {
  let settled = false;
  void work.finally(() => (settled = true)).catch(() => undefined);
  let turns = 0;
  while (!settled) {
    await new Promise((resolve) => setImmediate(resolve));
    turns += 1;
  }
  return turns;
}

describe('carrier ZPL drawn in a worker thread', () => {
  it('leaves the station\'s thread free while a label is drawn', async () => {
    const label = await firstLabel('zebrash-fedex.zpl');
    await drawZpl(label); // the worker started and the renderer loaded
    const drawing = drawZpl(label);
    // On the station's thread the draw was one call of a tenth of a second or more: no turn at all.
    expect(await turnsDuring(drawing)).toBeGreaterThan(10);
    const image = await drawing;
    expect(image.pixels.length).toBe(image.width * image.height);
    expect(image.pixels.some((p) => p < 128)).toBe(true);
  });

  it('gives each of labels asked for at once the drawing it gets alone', async () => {
    const labels = await Promise.all(['zebrash-ups.zpl', 'zebrash-usps.zpl', 'chronopost.zpl'].map(firstLabel));
    const alone = [];
    for (const label of labels) alone.push(await drawZpl(label));
    const together = await Promise.all(labels.map((label) => drawZpl(label)));
    expect(together.map((image) => [image.width, image.height])).toEqual(alone.map((image) => [image.width, image.height]));
    for (const [i, image] of together.entries()) expect(Buffer.from(image.pixels).equals(Buffer.from(alone[i]!.pixels))).toBe(true);
  });

  it('fails the labels waiting for a worker that stopped, in words, and draws the next in a new one', async () => {
    const label = await firstLabel('zebrash-dhlpaket.zpl');
    const waiting = drawZpl(label);
    await stopZplDrawer();
    await expect(waiting).rejects.toThrow(/^the ZPL renderer stopped \(exit code \d+\)$/);
    const next = await drawZpl(label);
    expect(next.pixels.some((p) => p < 128)).toBe(true);
  });

  it('draws a label that says no length on what its fields reach, and on 8 in when its ink runs past that', async () => {
    // A box down to 5 in: drawn on 6 in and a quarter (1218 + 51 dots at 203 dpi), not on 8 in.
    const [short] = splitZpl('^XA^PW812^FO100,100^GB600,915,4^FS^XZ');
    const shortDrawn = await drawZpl(short ?? expect.unreachable());
    expect(lengthWithoutLl(short ?? expect.unreachable())).toBe(1218);
    expect(shortDrawn.height).toBe(1269);
    expect(inkBounds(shortDrawn)?.bottom).toBe(1015);
    // A turned line of text counts as one line of its height, so its reach is short of its ink,
    // which runs on past 6 in: drawn again on 8 in (1624 dots), all its ink.
    const [turned] = splitZpl('^XA^PW812^FO100,1100^A0R,60,60^FDTURNED DOWN^FS^XZ');
    const turnedDrawn = await drawZpl(turned ?? expect.unreachable());
    expect(lengthWithoutLl(turned ?? expect.unreachable())).toBe(1218);
    expect(turnedDrawn.height).toBeGreaterThanOrEqual(1624);
    const ink = inkBounds(turnedDrawn) ?? expect.unreachable();
    expect(ink.bottom).toBeGreaterThan(shortDrawn.height);
    expect(ink.bottom).toBeLessThan(1624);
  });

  it('draws a label on a canvas exactly its print width and length, in its own dots', async () => {
    // zebrash takes millimetres and whole dots a millimetre: the canvas must come back in the
    // label's dots, not a dot wider (on a canvas wider than ^PW it copies the whole drawing again).
    const sizes: [string, number, number][] = [
      ['^XA^PW800^LL1218^FO10,10^GB780,1198,4^FS^XZ', 800, 1218],
      ['^XA^PW799^LL1200^FO10,10^GB779,1180,4^FS^XZ', 799, 1200],
      ['^XA^LL1218^FO10,10^GB792,1198,4^FS^XZ', 812, 1218], // no ^PW: 4 in
      ['^XA^PW1200^LL1800^FO10,10^GB1180,1780,6^FS^XZ', 1200, 1800], // 300 dpi
    ];
    for (const [program, width, height] of sizes) {
      const [label] = splitZpl(program);
      const drawn = await drawZpl(label ?? expect.unreachable());
      expect([drawn.width, drawn.height]).toEqual([width, height]);
      // Each box leaves 10 dots all round: all of it drawn, where it was placed.
      expect(inkBounds(drawn)).toEqual({ left: 10, top: 10, right: width - 10, bottom: height - 10 });
    }
  });
});
