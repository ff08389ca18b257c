import { LRUCache } from 'lru-cache';
/** Positions are stored snapped to this grid (about 5.5 km north–south), so no stored value is exact. */
export const GRID_DEGREES = 0.05;

export type DistanceBand = 'lt5' | '5to10' | '10to25' | '25to50' | '50to100' | 'gt100';

/** The centre of the grid cell that holds the position. */
export function snap(lat: number, lon: number): { lat: number; lon: number } {
  const cell = (v: number) => Math.round((Math.floor(v / GRID_DEGREES) + 0.5) * GRID_DEGREES * 1e6) / 1e6;
  return { lat: Math.max(-89.975, Math.min(89.975, cell(lat))), lon: cell(((lon + 540) % 360) - 180) };
}

export function haversineKm(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLon = (b.lon - a.lon) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}

const BANDS: Array<[number, DistanceBand]> = [
  [5, 'lt5'],
  [10, '5to10'],
  [25, '10to25'],
  [50, '25to50'],
  [100, '50to100'],
];

/** The band between two snapped positions; null when either is unknown. */
export function distanceBand(
  a: { lat: number | null; lon: number | null } | null,
  b: { lat: number | null; lon: number | null } | null,
): DistanceBand | null {
  if (!a || !b || a.lat === null || a.lon === null || b.lat === null || b.lon === null) return null;
  const km = haversineKm({ lat: a.lat, lon: a.lon }, { lat: b.lat, lon: b.lon });
  for (const [limit, band] of BANDS) if (km < limit) return band;
  return 'gt100';
}

/**
 * The grid's cells as integers: row (latitude) × COLUMNS + column (longitude), the same as profiles.cell, which the
 * database computes from the stored (snapped) position (037_search_at_scale.sql). A search by distance reads the cells of
 * a band instead of computing a distance for every member.
 */
const COLUMNS = Math.round(360 / GRID_DEGREES);
const ROWS = Math.round(180 / GRID_DEGREES);

function cellOf(at: { lat: number; lon: number }): number {
  return Math.floor(at.lat / GRID_DEGREES) * COLUMNS + Math.floor(at.lon / GRID_DEGREES);
}

/** The centre of a cell, as snap() stores it. */
function centreOf(row: number, column: number): { lat: number; lon: number } {
  const centre = (index: number) => Math.round((index + 0.5) * GRID_DEGREES * 1e6) / 1e6;
  return { lat: centre(row), lon: centre(column) };
}

/** Rank of each band in the order of a search by distance (unknown positions last). */
const BAND_RANKS: readonly (DistanceBand | null)[] = ['lt5', '5to10', '10to25', '25to50', '50to100', 'gt100', null];

const KM_PER_DEGREE = (Math.PI * 6371) / 180;
const WIDEST_BAND_KM = 100;

/**
 * The cells of each band under WIDEST_BAND_KM around a snapped position, ranks 0–4 of BAND_RANKS: the cells whose
 * centre is in that band, by the very distanceBand of the cards — so a search by cells answers what the bands on the
 * cards say, to the cell. Beyond them is gt100 (rank 5). About 1,600 cells at 52° north.
 */
function cellsByBand(at: { lat: number; lon: number }): number[][] {
  const bands: number[][] = [[], [], [], [], []];
  const row = Math.floor(at.lat / GRID_DEGREES);
  const column = Math.floor(at.lon / GRID_DEGREES);
  const rowSpan = Math.ceil(WIDEST_BAND_KM / (KM_PER_DEGREE * GRID_DEGREES)) + 1;
  const nearestPole = Math.min(90, Math.abs(at.lat) + rowSpan * GRID_DEGREES);
  const shortest = KM_PER_DEGREE * GRID_DEGREES * Math.cos((nearestPole * Math.PI) / 180);
  // Near a pole a row of cells is short enough to reach all the way round.
  const columnSpan = shortest * (COLUMNS / 2) <= WIDEST_BAND_KM ? COLUMNS / 2 : Math.ceil(WIDEST_BAND_KM / shortest) + 1;
  for (let r = row - rowSpan; r <= row + rowSpan; r++) {
    if (r < -ROWS / 2 || r >= ROWS / 2) continue;
    const seen = new Set<number>();
    for (let c = column - columnSpan; c <= column + columnSpan; c++) {
      // Across the antimeridian, the columns continue on the other side.
      const wrapped = ((((c + COLUMNS / 2) % COLUMNS) + COLUMNS) % COLUMNS) - COLUMNS / 2;
      if (seen.has(wrapped)) continue;
      seen.add(wrapped);
      const rank = BAND_RANKS.indexOf(distanceBand(at, centreOf(r, wrapped)));
      if (rank >= 0 && rank < bands.length) bands[rank]!.push(r * COLUMNS + wrapped);
    }
  }
  return bands;
}

/** The bands' cells of the positions asked for lately (a member pages through a search; many share a city's cells). */
const bandCache = new LRUCache<number, number[][]>({ max: 500 });

/** The cells of bands 0–4 (under 100 km) around a snapped position, by rank. */
export function bandCells(at: { lat: number; lon: number }): readonly (readonly number[])[] {
  const key = cellOf(at);
  let bands = bandCache.get(key);
  if (!bands) {
    bands = cellsByBand(at);
    bandCache.set(key, bands);
  }
  return bands;
}
