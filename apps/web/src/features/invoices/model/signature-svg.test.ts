import { describe, expect, it } from 'vitest';
import { inkToSvg, SIGNATURE_MAX_BYTES, strokesToSvg, svgBytes } from './signature-svg';

const onlyPaths = /^<svg [^>]*>(<path [^>]*\/>)+<\/svg>$/;

describe('signature SVGs (paths only, as the server keeps them)', () => {
  it('turns drawn strokes into one path each, and a lone dot into a tiny line', () => {
    const svg = strokesToSvg(
      [
        [
          { x: 1.04, y: 2 },
          { x: 10, y: 20.26 },
        ],
        [{ x: 5, y: 5 }],
        [],
      ],
      360,
      140,
    );
    expect(svg).toMatch(onlyPaths);
    expect(svg).toContain('d="M1 2L10 20.3"');
    expect(svg).toContain('d="M5 5L5.5 5"');
    expect(svg?.match(/<path /g)).toHaveLength(2);
  });

  it('cuts a very long stroke into paths the server accepts (≤ 20,000 characters of path data each)', () => {
    const stroke = Array.from({ length: 2500 }, (_, i) => ({
      x: 100 + (i % 200) + 0.25,
      y: 50 + (i % 90) + 0.25,
    }));
    const svg = strokesToSvg([stroke], 360, 140)!;
    const data = [...svg.matchAll(/ d="([^"]*)"/g)].map((m) => m[1]!);
    expect(data).toHaveLength(3);
    for (const d of data) expect(d.length).toBeLessThanOrEqual(20_000);
    // Each piece starts where the previous one ended: the line is unbroken.
    expect(data[1]!.startsWith(`M${data[0]!.split('L').at(-1)}`)).toBe(true);
  });

  it('has no signature for no strokes or no ink', () => {
    expect(strokesToSvg([], 10, 10)).toBeNull();
    expect(inkToSvg(new Uint8Array(100), 10, 10)).toBeNull();
  });

  it('traces inked cells of a rendered name as horizontal runs', () => {
    const width = 8;
    const alpha = new Uint8Array(width * 4);
    for (let x = 2; x < 6; x++) alpha[x] = 255; // row 0: x 2..5
    alpha[width * 2 + 7] = 200; // row 2: x 7
    const svg = inkToSvg(alpha, width, 4, 2);
    expect(svg).toMatch(onlyPaths);
    expect(svg).toContain('d="M2 1h4"');
    expect(svg).toContain('d="M6 3h2"');
  });

  it('keeps a full-width typed name well under the 64 KB limit', () => {
    const width = 360;
    const height = 72;
    const alpha = new Uint8Array(width * height);
    // Worst case: alternating ink every other cell on every row.
    for (let y = 0; y < height; y++) for (let x = 0; x < width; x += 4) alpha[y * width + x] = 255;
    const svg = inkToSvg(alpha, width, height)!;
    expect(svgBytes(svg)).toBeLessThan(SIGNATURE_MAX_BYTES);
  });
});
