/**
 * The finder's blocks of ink (blocksOf): every inked cell of the ink grid grown by `reach` cells
 * each way (reach = half the join, rounded up), cut into 4-connected parts, each part the box of
 * the inked cells it holds, in the reading order of each part's first cell. Checked against that
 * definition computed cell by cell, on random sparse grids of widths either side of the 32 cells a
 * word holds, with reaches from one cell to more than a word.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { blocksOf, inkGrid, type Cells } from '../../../electron/printing/labels/finder';
import type { GreyImage } from '../../../electron/printing/zpl/bitmap';

/** 50 dpi: one pixel a cell (the grid's cells are about 1/50 in). */
const ONE_PIXEL_CELLS_DPI = 50;

const sheets = fc
  .record({ width: fc.integer({ min: 1, max: 100 }), height: fc.integer({ min: 1, max: 40 }), density: fc.double({ min: 0.002, max: 0.15, noNaN: true }), seed: fc.integer() })
  .map(({ width, height, density, seed }): GreyImage => {
    // A cheap seeded generator: the image is the same for the same case.
    let state = seed >>> 0 || 1;
    const next = (): number => {
      state ^= state << 13;
      state ^= state >>> 17;
      state ^= state << 5;
      return (state >>> 0) / 2 ** 32;
    };
    return { width, height, pixels: new Uint8Array(width * height).map(() => (next() < density ? 0 : 255)) };
  });

/** The definition, cell by cell: grown where any inked cell is within reach (either way, each axis), then flood-filled in reading order. */
function reference(image: GreyImage, join: number): Cells[] {
  const { width: cols, height: rows } = image;
  const inked = (x: number, y: number): boolean => (image.pixels[y * cols + x] ?? 255) < 128;
  const reach = Math.max(1, Math.ceil(join / 2));
  const grown: boolean[] = [];
  for (let y = 0; y < rows; y += 1) {
    for (let x = 0; x < cols; x += 1) {
      let any = false;
      for (let dy = -reach; dy <= reach && !any; dy += 1) for (let dx = -reach; dx <= reach && !any; dx += 1) any = x + dx >= 0 && x + dx < cols && y + dy >= 0 && y + dy < rows && inked(x + dx, y + dy);
      grown.push(any);
    }
  }
  const blocks: Cells[] = [];
  for (let start = 0; start < cols * rows; start += 1) {
    if (grown[start] !== true) continue;
    const queue = [start];
    grown[start] = false;
    let box: Cells | undefined;
    while (queue.length > 0) {
      const at = queue.pop() ?? 0;
      const [x, y] = [at % cols, Math.floor(at / cols)];
      if (inked(x, y)) box = box === undefined ? { left: x, top: y, right: x + 1, bottom: y + 1 } : { left: Math.min(box.left, x), top: Math.min(box.top, y), right: Math.max(box.right, x + 1), bottom: Math.max(box.bottom, y + 1) };
      for (const [nx, ny] of [[x - 1, y], [x + 1, y], [x, y - 1], [x, y + 1]] as const) {
        if (nx < 0 || nx >= cols || ny < 0 || ny >= rows || grown[ny * cols + nx] !== true) continue;
        grown[ny * cols + nx] = false;
        queue.push(ny * cols + nx);
      }
    }
    if (box !== undefined) blocks.push(box);
  }
  return blocks;
}

describe("the finder's blocks of ink", () => {
  it('are the inked cells grown by half the join, cut into connected parts, in reading order', () => {
    fc.assert(
      fc.property(sheets, fc.integer({ min: 1, max: 70 }), (image, join) => {
        const grid = inkGrid(image, ONE_PIXEL_CELLS_DPI);
        expect([grid.cell, grid.cols, grid.rows]).toEqual([1, image.width, image.height]);
        expect(blocksOf(grid, join)).toEqual(reference(image, join));
      }),
      { numRuns: 300, seed: 20_261_129 },
    );
  });
});
