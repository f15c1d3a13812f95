/**
 * The station's barcode reader (ZXing in WebAssembly, given the grey pixels as they are): what it
 * reads, where and which way, and that its options reach the reader: the formats asked for, and
 * the thorough read's inverted try. Symbols drawn by bwip-js, an encoder independent of ZXing.
 */
import bwip from 'bwip-js/node';
import { describe, expect, it } from 'vitest';
import { readBarcodes } from '../../../electron/printing/labels/barcodes';
import { decodeImage, turnImage } from '../../../electron/printing/labels/raster';
import type { GreyImage } from '../../../electron/printing/zpl/bitmap';

async function symbol(bcid: string, text: string): Promise<GreyImage> {
  const png = await bwip.toBuffer({ bcid, text, scale: 3, height: 15, paddingwidth: 10, paddingheight: 10, backgroundcolor: 'FFFFFF' });
  return decodeImage(new Uint8Array(png), 'png').image;
}

/** `images` side by side on white, left to right, `gap` pixels apart; where each one starts across. */
function sideBySide(images: readonly GreyImage[], gap = 40): { image: GreyImage; lefts: number[] } {
  const width = images.reduce((sum, image) => sum + image.width + gap, gap);
  const height = Math.max(...images.map((image) => image.height)) + 2 * gap;
  const pixels = new Uint8Array(width * height).fill(255);
  const lefts: number[] = [];
  let left = gap;
  for (const image of images) {
    for (let y = 0; y < image.height; y += 1) pixels.set(image.pixels.subarray(y * image.width, (y + 1) * image.width), (y + gap) * width + left);
    lefts.push(left);
    left += image.width + gap;
  }
  return { image: { width, height, pixels }, lefts };
}

const TRACKING = '1Z999AA10123456784';
const URL = 'https://example.com/track/1Z999AA10123456784';

describe('reading barcodes off a label image', () => {
  it('reads every symbol with its format, text, box and which way it reads', async () => {
    const [code128, qr] = await Promise.all([symbol('code128', TRACKING), symbol('qrcode', URL)]);
    const { image, lefts } = sideBySide([code128, qr]);
    const found = await readBarcodes(image);
    expect(found.map((b) => [b.format, b.text, b.orientation]).sort()).toEqual([
      ['Code128', TRACKING, 0],
      ['QRCode', URL, 0],
    ]);
    const linear = found.find((b) => b.format === 'Code128');
    expect(linear?.left).toBeGreaterThanOrEqual(lefts[0] ?? 0);
    expect(linear?.right).toBeLessThanOrEqual((lefts[0] ?? 0) + code128.width);
    const matrix = found.find((b) => b.format === 'QRCode');
    expect(matrix?.left).toBeGreaterThanOrEqual(lefts[1] ?? 0);

    // Turned a quarter clockwise, the linear barcode reads top to bottom.
    const [turned] = await readBarcodes(turnImage(code128, 90));
    expect(turned?.text).toBe(TRACKING);
    expect(turned?.orientation).toBe(90);
  });

  it('reads only the formats asked for, and nothing off a blank image', async () => {
    const { image } = sideBySide(await Promise.all([symbol('code128', TRACKING), symbol('qrcode', URL)]));
    expect((await readBarcodes(image, { formats: ['QRCode'] })).map((b) => b.text)).toEqual([URL]);
    expect((await readBarcodes(image, { formats: ['Code128'] })).map((b) => b.text)).toEqual([TRACKING]);
    expect(await readBarcodes({ width: 300, height: 200, pixels: new Uint8Array(300 * 200).fill(255) })).toEqual([]);
  });

  it('reads a symbol printed light on dark only when it reads thoroughly', async () => {
    const qr = await symbol('qrcode', URL);
    const inverted = { ...qr, pixels: qr.pixels.map((value) => 255 - value) };
    expect(await readBarcodes(inverted, { effort: 'quick' })).toEqual([]);
    expect((await readBarcodes(inverted, { effort: 'thorough' })).map((b) => b.text)).toEqual([URL]);
  });
});
