import { describe, expect, it } from 'vitest';
import { bandCells, distanceBand, GRID_DEGREES, snap } from './geo';

const RANKS = ['lt5', '5to10', '10to25', '25to50', '50to100'] as const;

/** The snapped centre of a cell number (row × 7200 + column), as the database stores positions. */
function centre(cell: number): { lat: number; lon: number } {
  const row = Math.round(cell / 7200);
  const column = cell - row * 7200;
  return snap((row + 0.5) * GRID_DEGREES, (column + 0.5) * GRID_DEGREES);
}

/** Every cell of the window around `at` (a generous box), with its band as the cards compute it. */
function bruteForce(at: { lat: number; lon: number }, rows: number, columns: number): Map<number, string> {
  const found = new Map<number, string>();
  const row = Math.floor(at.lat / GRID_DEGREES);
  const column = Math.floor(at.lon / GRID_DEGREES);
  for (let r = row - rows; r <= row + rows; r++) {
    if (r < -1800 || r >= 1800) continue;
    for (let c = column - columns; c <= column + columns; c++) {
      const wrapped = ((((c + 3600) % 7200) + 7200) % 7200) - 3600;
      const cell = r * 7200 + wrapped;
      const band = distanceBand(at, centre(cell));
      if (band && band !== 'gt100') found.set(cell, band);
    }
  }
  return found;
}

describe('the cells of the distance bands', () => {
  it.each([
    ['Amsterdam', snap(52.37, 4.89), 22, 40],
    ['the antimeridian (Fiji)', snap(-17.8, 179.98), 22, 30],
    ['the equator', snap(0.01, -78.5), 22, 30],
  ])(
    'When the cells around %s are listed by band, then each is in the band the cards show for it, and none under 100 km is missing',
    (_place, at, rows, columns) => {
      const listed = new Map<number, string>();
      bandCells(at).forEach((cells, rank) => {
        for (const cell of cells) {
          expect(listed.has(cell)).toBe(false);
          listed.set(cell, RANKS[rank] as string);
        }
      });
      expect(listed).toEqual(bruteForce(at, rows, columns));
      // The viewer's own cell is the nearest band; a 50 km circle holds a few hundred cells at these latitudes.
      expect(listed.get(bandCells(at)[0]![0]!)).toBe('lt5');
      expect(bandCells(at).slice(0, 4).flat().length).toBeGreaterThan(200);
    },
  );

  it('When the position is near a pole, then the cells reach all the way round and still match the cards', () => {
    const at = snap(89.6, 10);
    const listed = new Map<number, string>();
    bandCells(at).forEach((cells, rank) => cells.forEach((cell) => listed.set(cell, RANKS[rank] as string)));
    expect(listed).toEqual(bruteForce(at, 22, 3600));
  });

  it('When the same position is asked for again, then the same lists come back (kept for the positions asked lately)', () => {
    const at = snap(48.85, 2.35);
    expect(bandCells(at)).toBe(bandCells(snap(48.86, 2.36)));
  });
});
