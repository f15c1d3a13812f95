import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { SAME_SIZE_TOLERANCE, placement } from '../../../electron/printing/placement';
import { MEDIA } from '../../../electron/printing/media';

const side = fc.double({ min: 36, max: 3456, noNaN: true });
const size = fc.record({ width: side, height: side });
const portraitMedia = size.map(({ width, height }) => ({ width: Math.min(width, height), height: Math.max(width, height) }));
const EPSILON = 1e-9;

function placedBox(source: { width: number; height: number }, media: { width: number; height: number }) {
  const p = placement(source, media);
  const width = (p.rotate === 90 ? source.height : source.width) * p.scale;
  const height = (p.rotate === 90 ? source.width : source.height) * p.scale;
  return { ...p, width, height };
}

describe('placing a page on the media', () => {
  it('always lands inside the media (within the same-size tolerance) and centred', () => {
    fc.assert(
      fc.property(size, portraitMedia, (source, media) => {
        const box = placedBox(source, media);
        const slack = SAME_SIZE_TOLERANCE / 2 + EPSILON;
        expect(box.x).toBeGreaterThanOrEqual(-slack);
        expect(box.y).toBeGreaterThanOrEqual(-slack);
        expect(box.x + box.width).toBeLessThanOrEqual(media.width + slack);
        expect(box.y + box.height).toBeLessThanOrEqual(media.height + slack);
        expect(Math.abs(box.x - (media.width - box.x - box.width))).toBeLessThan(1e-6);
        expect(Math.abs(box.y - (media.height - box.y - box.height))).toBeLessThan(1e-6);
      }),
    );
  });

  it('keeps the aspect ratio, with one scale for both directions', () => {
    fc.assert(
      fc.property(size, portraitMedia, (source, media) => {
        const box = placedBox(source, media);
        const shown = box.rotate === 90 ? source.height / source.width : source.width / source.height;
        expect(box.width / box.height).toBeCloseTo(shown, 9);
        expect(box.scale).toBeGreaterThan(0);
      }),
    );
  });

  it('fills the media along one side when sizes differ (fits, never beyond)', () => {
    fc.assert(
      fc.property(size, portraitMedia, (source, media) => {
        const box = placedBox(source, media);
        if (box.scale === 1) return;
        const fillsWidth = Math.abs(box.width - media.width) < 1e-6;
        const fillsHeight = Math.abs(box.height - media.height) < 1e-6;
        expect(fillsWidth || fillsHeight).toBe(true);
      }),
    );
  });

  it('prints at 100% at the origin when the page matches the media, in either orientation', () => {
    fc.assert(
      fc.property(portraitMedia, fc.boolean(), (media, turned) => {
        const source = turned ? { width: media.height, height: media.width } : media;
        const p = placement(source, media);
        expect(p.scale).toBe(1);
        expect(p.x).toBeCloseTo(0, 9);
        expect(p.y).toBeCloseTo(0, 9);
        expect(p.rotate).toBe(turned && media.width !== media.height ? 90 : 0);
      }),
    );
  });

  it('rotates only when the orientations differ', () => {
    fc.assert(
      fc.property(size, portraitMedia, (source, media) => {
        const differ = source.width > source.height !== media.width > media.height;
        expect(placement(source, media).rotate).toBe(differ ? 90 : 0);
      }),
    );
  });

  it('treats A6 written with other rounding as the same size', () => {
    expect(placement({ width: 297.638, height: 419.528 }, MEDIA.A6)).toMatchObject({ rotate: 0, scale: 1 });
  });

  it('scales a Letter page down onto 4x6 and centres it vertically', () => {
    const p = placement({ width: 612, height: 792 }, MEDIA['4x6']);
    expect(p.rotate).toBe(0);
    expect(p.scale).toBeCloseTo(288 / 612, 12);
    expect(p.x).toBeCloseTo(0, 9);
    expect(p.y).toBeCloseTo((432 - 792 * (288 / 612)) / 2, 9);
  });
});

describe('labels smaller than the media', () => {
  it('print at their true size, centred, never enlarged', () => {
    const p = placement({ width: 288, height: 432 }, MEDIA.Letter);
    expect(p).toEqual({ rotate: 0, scale: 1, x: (612 - 288) / 2, y: (792 - 432) / 2 });
  });

  it('never scale above 100% for any size', () => {
    fc.assert(
      fc.property(fc.record({ width: fc.double({ min: 36, max: 3456, noNaN: true }), height: fc.double({ min: 36, max: 3456, noNaN: true }) }), (source) => {
        expect(placement(source, MEDIA.Letter).scale).toBeLessThanOrEqual(1);
      }),
    );
  });
});
