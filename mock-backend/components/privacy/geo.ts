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
