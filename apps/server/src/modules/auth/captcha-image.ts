import { randomInt } from 'node:crypto';

/**
 * Digits as strokes on a 10 × 16 grid. The image is drawn with paths, never <text>, so the code is not
 * in the SVG as characters; every point is jittered and every digit turned, scaled and coloured at random.
 */
const GLYPHS: Record<string, number[][][]> = {
  '0': [
    [
      [5, 0],
      [9, 3],
      [10, 8],
      [9, 13],
      [5, 16],
      [1, 13],
      [0, 8],
      [1, 3],
      [5, 0],
    ],
  ],
  '1': [
    [
      [2, 3],
      [5, 0],
      [5, 16],
    ],
    [
      [2, 16],
      [8, 16],
    ],
  ],
  '2': [
    [
      [0, 3],
      [3, 0],
      [7, 0],
      [10, 3],
      [10, 6],
      [0, 16],
      [10, 16],
    ],
  ],
  '3': [
    [
      [0, 1],
      [10, 1],
      [5, 7],
      [8, 8],
      [10, 11],
      [9, 14],
      [6, 16],
      [3, 16],
      [0, 14],
    ],
  ],
  '4': [
    [
      [7, 16],
      [7, 0],
      [0, 11],
      [10, 11],
    ],
  ],
  '5': [
    [
      [10, 0],
      [1, 0],
      [0, 7],
      [5, 6],
      [9, 8],
      [10, 12],
      [8, 15],
      [4, 16],
      [0, 14],
    ],
  ],
  '6': [
    [
      [9, 1],
      [5, 0],
      [1, 4],
      [0, 10],
      [2, 15],
      [5, 16],
      [9, 14],
      [10, 10],
      [7, 7],
      [3, 7],
      [0, 10],
    ],
  ],
  '7': [
    [
      [0, 0],
      [10, 0],
      [4, 16],
    ],
  ],
  '8': [
    [
      [5, 0],
      [9, 2],
      [9, 6],
      [5, 8],
      [1, 10],
      [1, 14],
      [5, 16],
      [9, 14],
      [9, 10],
      [5, 8],
      [1, 6],
      [1, 2],
      [5, 0],
    ],
  ],
  '9': [
    [
      [10, 6],
      [7, 9],
      [3, 9],
      [0, 6],
      [1, 2],
      [5, 0],
      [9, 2],
      [10, 6],
      [9, 12],
      [5, 16],
      [1, 15],
    ],
  ],
};

export const CAPTCHA_WIDTH = 100;
export const CAPTCHA_HEIGHT = 38;

const between = (min: number, max: number) => min + (randomInt(0, 10_000) / 10_000) * (max - min);
const colour = (min: number, max: number) =>
  `rgb(${randomInt(min, max)},${randomInt(min, max)},${randomInt(min, max)})`;
const fixed = (n: number) => n.toFixed(1);

function digitPaths(digit: string, slot: number): string {
  const strokes = GLYPHS[digit] ?? [];
  const scale = between(1.3, 1.6);
  const angle = between(-25, 25);
  const x = 10 + slot * 22 + between(-2, 2);
  const y = (CAPTCHA_HEIGHT - 16 * scale) / 2 + between(-3, 3);
  const d = strokes
    .map((stroke) =>
      stroke
        .map(
          ([px = 0, py = 0], i) =>
            `${i ? 'L' : 'M'}${fixed(px + between(-0.7, 0.7))},${fixed(py + between(-0.7, 0.7))}`,
        )
        .join(' '),
    )
    .join(' ');
  const transform = `translate(${fixed(x)},${fixed(y)}) rotate(${fixed(angle)},5,8) scale(${fixed(scale)})`;
  return `<path d="${d}" transform="${transform}" fill="none" stroke="${colour(30, 140)}" stroke-width="${fixed(between(1.4, 2))}" stroke-linecap="round" stroke-linejoin="round"/>`;
}

function noise(): string {
  const lines = Array.from({ length: 4 }, () => {
    const [x1, y1, x2, y2] = [CAPTCHA_WIDTH, CAPTCHA_HEIGHT, CAPTCHA_WIDTH, CAPTCHA_HEIGHT].map((m) =>
      fixed(between(0, m)),
    );
    return `<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke="${colour(100, 200)}" stroke-width="1"/>`;
  });
  const dots = Array.from(
    { length: 30 },
    () =>
      `<circle cx="${fixed(between(0, CAPTCHA_WIDTH))}" cy="${fixed(between(0, CAPTCHA_HEIGHT))}" r="1" fill="${colour(0, 255)}"/>`,
  );
  return lines.join('') + dots.join('');
}

/** The code drawn as an SVG document (digits only, as the original's 4-digit image). */
export function captchaSvg(code: string): string {
  const digits = [...code].map((c, i) => digitPaths(c, i)).join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${CAPTCHA_WIDTH}" height="${CAPTCHA_HEIGHT}" viewBox="0 0 ${CAPTCHA_WIDTH} ${CAPTCHA_HEIGHT}">` +
    `<rect width="100%" height="100%" fill="${colour(200, 245)}"/>${noise()}${digits}</svg>`
  );
}
