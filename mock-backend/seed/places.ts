import { snap } from '../components/privacy/index';

/**
 * Where demo members live: the one source of a seeded member's region and position. Each place is a region of the
 * regions table (country-region-data's country and region code) and a city in that region; a member drawn to a place
 * gets its region, and his position is put near its city (within PLACE_RADIUS_KM, then snapped to the grid like every
 * stored position). So a member whose card says Groningen lives in Groningen, and the distance bands between demo
 * members say what their regions say. A country's cities lie far enough apart that every member is nearest to his own
 * region's city (places.test.ts checks both the table and the seeded members).
 */
export interface Place {
  country: string;
  /** The region's code in the regions table (country-region-data's). */
  region: string;
  city: string;
  lat: number;
  lon: number;
}

/** How far from his place's city a member is put, at most (before snapping, which moves him at most 4 km more). */
export const PLACE_RADIUS_KM = 7;

export const PLACES: readonly Place[] = [
  { country: 'NL', region: 'NH', city: 'Amsterdam', lat: 52.37, lon: 4.9 },
  { country: 'NL', region: 'ZH', city: 'Rotterdam', lat: 51.92, lon: 4.48 },
  { country: 'NL', region: 'UT', city: 'Utrecht', lat: 52.09, lon: 5.12 },
  { country: 'NL', region: 'NB', city: 'Eindhoven', lat: 51.44, lon: 5.48 },
  { country: 'NL', region: 'GE', city: 'Arnhem', lat: 51.98, lon: 5.91 },
  { country: 'NL', region: 'GR', city: 'Groningen', lat: 53.22, lon: 6.57 },
  { country: 'NL', region: 'FR', city: 'Leeuwarden', lat: 53.2, lon: 5.8 },
  { country: 'NL', region: 'DR', city: 'Emmen', lat: 52.78, lon: 6.9 },
  { country: 'NL', region: 'OV', city: 'Zwolle', lat: 52.52, lon: 6.09 },
  { country: 'NL', region: 'FL', city: 'Lelystad', lat: 52.52, lon: 5.47 },
  { country: 'NL', region: 'LI', city: 'Maastricht', lat: 50.85, lon: 5.69 },
  { country: 'NL', region: 'ZE', city: 'Middelburg', lat: 51.5, lon: 3.61 },

  { country: 'BE', region: 'BRU', city: 'Brussels', lat: 50.85, lon: 4.35 },
  { country: 'BE', region: 'VLG', city: 'Antwerp', lat: 51.22, lon: 4.4 },
  { country: 'BE', region: 'WAL', city: 'Liège', lat: 50.63, lon: 5.57 },

  { country: 'DE', region: 'BE', city: 'Berlin', lat: 52.52, lon: 13.4 },
  { country: 'DE', region: 'HH', city: 'Hamburg', lat: 53.55, lon: 9.99 },
  { country: 'DE', region: 'BY', city: 'München', lat: 48.14, lon: 11.58 },
  { country: 'DE', region: 'NW', city: 'Köln', lat: 50.94, lon: 6.96 },
  { country: 'DE', region: 'HE', city: 'Frankfurt am Main', lat: 50.11, lon: 8.68 },
  { country: 'DE', region: 'BW', city: 'Stuttgart', lat: 48.78, lon: 9.18 },
  { country: 'DE', region: 'SN', city: 'Leipzig', lat: 51.34, lon: 12.37 },
  { country: 'DE', region: 'NI', city: 'Hannover', lat: 52.37, lon: 9.73 },
  { country: 'DE', region: 'HB', city: 'Bremen', lat: 53.08, lon: 8.8 },
  { country: 'DE', region: 'BB', city: 'Cottbus', lat: 51.76, lon: 14.33 },

  { country: 'AT', region: '9', city: 'Wien', lat: 48.21, lon: 16.37 },
  { country: 'AT', region: '6', city: 'Graz', lat: 47.07, lon: 15.44 },
  { country: 'AT', region: '4', city: 'Linz', lat: 48.31, lon: 14.29 },
  { country: 'AT', region: '5', city: 'Salzburg', lat: 47.81, lon: 13.04 },
  { country: 'AT', region: '7', city: 'Innsbruck', lat: 47.27, lon: 11.4 },
  { country: 'AT', region: '3', city: 'Sankt Pölten', lat: 48.2, lon: 15.62 },
  { country: 'AT', region: '2', city: 'Klagenfurt', lat: 46.62, lon: 14.31 },

  { country: 'CH', region: 'ZH', city: 'Zürich', lat: 47.38, lon: 8.54 },
  { country: 'CH', region: 'GE', city: 'Genève', lat: 46.2, lon: 6.14 },
  { country: 'CH', region: 'BS', city: 'Basel', lat: 47.56, lon: 7.59 },
  { country: 'CH', region: 'BE', city: 'Bern', lat: 46.95, lon: 7.45 },
  { country: 'CH', region: 'VD', city: 'Lausanne', lat: 46.52, lon: 6.63 },
  { country: 'CH', region: 'LU', city: 'Luzern', lat: 47.05, lon: 8.31 },
  { country: 'CH', region: 'TI', city: 'Lugano', lat: 46.0, lon: 8.95 },

  { country: 'FR', region: 'IDF', city: 'Paris', lat: 48.86, lon: 2.35 },
  { country: 'FR', region: 'ARA', city: 'Lyon', lat: 45.76, lon: 4.84 },
  { country: 'FR', region: 'PAC', city: 'Marseille', lat: 43.3, lon: 5.37 },
  { country: 'FR', region: 'OCC', city: 'Toulouse', lat: 43.6, lon: 1.44 },
  { country: 'FR', region: 'NAQ', city: 'Bordeaux', lat: 44.84, lon: -0.58 },
  { country: 'FR', region: 'HDF', city: 'Lille', lat: 50.63, lon: 3.06 },
  { country: 'FR', region: 'PDL', city: 'Nantes', lat: 47.22, lon: -1.55 },
  { country: 'FR', region: 'GES', city: 'Strasbourg', lat: 48.57, lon: 7.75 },
  { country: 'FR', region: 'BRE', city: 'Rennes', lat: 48.11, lon: -1.68 },
  { country: 'FR', region: 'NOR', city: 'Rouen', lat: 49.44, lon: 1.1 },

  { country: 'IT', region: '62', city: 'Roma', lat: 41.9, lon: 12.5 },
  { country: 'IT', region: '25', city: 'Milano', lat: 45.46, lon: 9.19 },
  { country: 'IT', region: '72', city: 'Napoli', lat: 40.85, lon: 14.27 },
  { country: 'IT', region: '21', city: 'Torino', lat: 45.07, lon: 7.69 },
  { country: 'IT', region: '52', city: 'Firenze', lat: 43.77, lon: 11.25 },
  { country: 'IT', region: '45', city: 'Bologna', lat: 44.49, lon: 11.34 },
  { country: 'IT', region: '34', city: 'Venezia', lat: 45.44, lon: 12.32 },
  { country: 'IT', region: '82', city: 'Palermo', lat: 38.12, lon: 13.36 },
  { country: 'IT', region: '75', city: 'Bari', lat: 41.12, lon: 16.87 },

  { country: 'ES', region: 'M', city: 'Madrid', lat: 40.42, lon: -3.7 },
  { country: 'ES', region: 'B', city: 'Barcelona', lat: 41.39, lon: 2.17 },
  { country: 'ES', region: 'V', city: 'València', lat: 39.47, lon: -0.38 },
  { country: 'ES', region: 'SE', city: 'Sevilla', lat: 37.39, lon: -5.98 },
  { country: 'ES', region: 'MA', city: 'Málaga', lat: 36.72, lon: -4.42 },
  { country: 'ES', region: 'BI', city: 'Bilbao', lat: 43.26, lon: -2.93 },
  { country: 'ES', region: 'Z', city: 'Zaragoza', lat: 41.65, lon: -0.89 },
  { country: 'ES', region: 'PM', city: 'Palma', lat: 39.57, lon: 2.65 },
  { country: 'ES', region: 'GC', city: 'Las Palmas de Gran Canaria', lat: 28.12, lon: -15.43 },

  { country: 'PL', region: '14', city: 'Warszawa', lat: 52.23, lon: 21.01 },
  { country: 'PL', region: '12', city: 'Kraków', lat: 50.06, lon: 19.94 },
  { country: 'PL', region: '10', city: 'Łódź', lat: 51.76, lon: 19.46 },
  { country: 'PL', region: '02', city: 'Wrocław', lat: 51.11, lon: 17.04 },
  { country: 'PL', region: '30', city: 'Poznań', lat: 52.41, lon: 16.93 },
  { country: 'PL', region: '22', city: 'Gdańsk', lat: 54.35, lon: 18.65 },
  { country: 'PL', region: '24', city: 'Katowice', lat: 50.26, lon: 19.02 },
  { country: 'PL', region: '32', city: 'Szczecin', lat: 53.43, lon: 14.55 },

  { country: 'DK', region: 'DK-84', city: 'København', lat: 55.68, lon: 12.57 },
  { country: 'DK', region: 'DK-82', city: 'Aarhus', lat: 56.16, lon: 10.2 },
  { country: 'DK', region: 'DK-83', city: 'Odense', lat: 55.4, lon: 10.39 },
  { country: 'DK', region: 'DK-81', city: 'Aalborg', lat: 57.05, lon: 9.92 },
  { country: 'DK', region: 'DK-85', city: 'Næstved', lat: 55.23, lon: 11.76 },

  { country: 'SE', region: 'AB', city: 'Stockholm', lat: 59.33, lon: 18.07 },
  { country: 'SE', region: 'O', city: 'Göteborg', lat: 57.71, lon: 11.97 },
  { country: 'SE', region: 'M', city: 'Malmö', lat: 55.6, lon: 13.0 },
  { country: 'SE', region: 'C', city: 'Uppsala', lat: 59.86, lon: 17.64 },
  { country: 'SE', region: 'E', city: 'Linköping', lat: 58.41, lon: 15.62 },

  { country: 'NO', region: '03', city: 'Oslo', lat: 59.91, lon: 10.75 },
  { country: 'NO', region: '46', city: 'Bergen', lat: 60.39, lon: 5.32 },
  { country: 'NO', region: '50', city: 'Trondheim', lat: 63.43, lon: 10.4 },
  { country: 'NO', region: '11', city: 'Stavanger', lat: 58.97, lon: 5.73 },
  { country: 'NO', region: '54', city: 'Tromsø', lat: 69.65, lon: 18.96 },

  { country: 'FI', region: 'FI-18', city: 'Helsinki', lat: 60.17, lon: 24.94 },
  { country: 'FI', region: 'FI-11', city: 'Tampere', lat: 61.5, lon: 23.76 },
  { country: 'FI', region: 'FI-19', city: 'Turku', lat: 60.45, lon: 22.27 },
  { country: 'FI', region: 'FI-14', city: 'Oulu', lat: 65.01, lon: 25.47 },
  { country: 'FI', region: 'FI-08', city: 'Jyväskylä', lat: 62.24, lon: 25.75 },

  { country: 'IE', region: 'D', city: 'Dublin', lat: 53.35, lon: -6.26 },
  { country: 'IE', region: 'CO', city: 'Cork', lat: 51.9, lon: -8.47 },
  { country: 'IE', region: 'G', city: 'Galway', lat: 53.27, lon: -9.05 },
  { country: 'IE', region: 'LK', city: 'Limerick', lat: 52.66, lon: -8.63 },
  { country: 'IE', region: 'WD', city: 'Waterford', lat: 52.26, lon: -7.11 },
  { country: 'IE', region: 'KE', city: 'Naas', lat: 53.22, lon: -6.66 },

  { country: 'GB', region: 'WSM', city: 'London', lat: 51.5, lon: -0.14 },
  { country: 'GB', region: 'MAN', city: 'Manchester', lat: 53.48, lon: -2.24 },
  { country: 'GB', region: 'BIR', city: 'Birmingham', lat: 52.49, lon: -1.89 },
  { country: 'GB', region: 'LDS', city: 'Leeds', lat: 53.8, lon: -1.55 },
  { country: 'GB', region: 'LIV', city: 'Liverpool', lat: 53.41, lon: -2.98 },
  { country: 'GB', region: 'BST', city: 'Bristol', lat: 51.45, lon: -2.59 },
  { country: 'GB', region: 'BNH', city: 'Brighton', lat: 50.82, lon: -0.14 },
  { country: 'GB', region: 'NET', city: 'Newcastle upon Tyne', lat: 54.98, lon: -1.62 },
  { country: 'GB', region: 'EDH', city: 'Edinburgh', lat: 55.95, lon: -3.19 },
  { country: 'GB', region: 'GLG', city: 'Glasgow', lat: 55.86, lon: -4.25 },
  { country: 'GB', region: 'CRF', city: 'Cardiff', lat: 51.48, lon: -3.18 },
  { country: 'GB', region: 'BFS', city: 'Belfast', lat: 54.6, lon: -5.93 },

  { country: 'US', region: 'NY', city: 'New York', lat: 40.71, lon: -74.01 },
  { country: 'US', region: 'CA', city: 'Los Angeles', lat: 34.05, lon: -118.24 },
  { country: 'US', region: 'IL', city: 'Chicago', lat: 41.88, lon: -87.63 },
  { country: 'US', region: 'TX', city: 'Houston', lat: 29.76, lon: -95.37 },
  { country: 'US', region: 'FL', city: 'Miami', lat: 25.76, lon: -80.19 },
  { country: 'US', region: 'WA', city: 'Seattle', lat: 47.61, lon: -122.33 },
  { country: 'US', region: 'MA', city: 'Boston', lat: 42.36, lon: -71.06 },
  { country: 'US', region: 'GA', city: 'Atlanta', lat: 33.75, lon: -84.39 },
  { country: 'US', region: 'CO', city: 'Denver', lat: 39.74, lon: -104.99 },
  { country: 'US', region: 'PA', city: 'Philadelphia', lat: 39.95, lon: -75.17 },
  { country: 'US', region: 'DC', city: 'Washington', lat: 38.91, lon: -77.04 },

  { country: 'CA', region: 'ON', city: 'Toronto', lat: 43.65, lon: -79.38 },
  { country: 'CA', region: 'QC', city: 'Montréal', lat: 45.5, lon: -73.57 },
  { country: 'CA', region: 'BC', city: 'Vancouver', lat: 49.28, lon: -123.12 },
  { country: 'CA', region: 'AB', city: 'Calgary', lat: 51.05, lon: -114.07 },
  { country: 'CA', region: 'MB', city: 'Winnipeg', lat: 49.9, lon: -97.14 },
  { country: 'CA', region: 'NS', city: 'Halifax', lat: 44.65, lon: -63.58 },

  { country: 'AU', region: 'NSW', city: 'Sydney', lat: -33.87, lon: 151.21 },
  { country: 'AU', region: 'VIC', city: 'Melbourne', lat: -37.81, lon: 144.96 },
  { country: 'AU', region: 'QLD', city: 'Brisbane', lat: -27.47, lon: 153.03 },
  { country: 'AU', region: 'WA', city: 'Perth', lat: -31.95, lon: 115.86 },
  { country: 'AU', region: 'SA', city: 'Adelaide', lat: -34.93, lon: 138.6 },
  { country: 'AU', region: 'ACT', city: 'Canberra', lat: -35.28, lon: 149.13 },

  { country: 'NZ', region: 'AUK', city: 'Auckland', lat: -36.85, lon: 174.76 },
  { country: 'NZ', region: 'WGN', city: 'Wellington', lat: -41.29, lon: 174.78 },
  { country: 'NZ', region: 'CAN', city: 'Christchurch', lat: -43.53, lon: 172.64 },
  { country: 'NZ', region: 'WKO', city: 'Hamilton', lat: -37.79, lon: 175.28 },
  { country: 'NZ', region: 'OTA', city: 'Dunedin', lat: -45.88, lon: 170.5 },
];

/** The place of the demo logins and the staff: Amsterdam, Noord-Holland, at the city's centre. */
export const DEMO_PLACE = PLACES[0] as Place;

/** The places of a country, in the table's order. */
export function placesOf(country: string): Place[] {
  return PLACES.filter((p) => p.country === country);
}

/** Deterministic pseudo-random number in [0, 1) from a text and a salt, so a re-seed gives the same demo. */
function unit(text: string, salt: number): number {
  let h = 2166136261 ^ salt;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return ((h >>> 0) % 1_000_003) / 1_000_003;
}

const KM_PER_DEGREE = 111.2;

/**
 * A member's position near his place's city: a point of the disc of PLACE_RADIUS_KM around it, chosen by `key` (his
 * e-mail address, so a re-seed puts him on the same spot), snapped like every stored position. `radiusKm` 0 is the
 * city's own cell.
 */
export function positionNear(place: Place, key: string, radiusKm = PLACE_RADIUS_KM): { lat: number; lon: number } {
  const angle = 2 * Math.PI * unit(key, 1);
  const km = radiusKm * Math.sqrt(unit(key, 2));
  const lat = place.lat + (km * Math.cos(angle)) / KM_PER_DEGREE;
  const lon = place.lon + (km * Math.sin(angle)) / (KM_PER_DEGREE * Math.cos((place.lat * Math.PI) / 180));
  return snap(lat, lon);
}
