import type { ApiClient, Schemas } from '../../../../shared/api/client';
import { GEOLOCATION_CACHE_MS } from '../../../../shared/constants';
import { unwrap } from '../../../lib/api-error';
import { useApi } from '../../../lib/api-client';
import { useApiSWR } from '../../../lib/api-swr';
import { swrKey } from '../../../lib/swr-key';

export type GeocodeResult = Schemas['GeocodeResult'];

/** A position rounded to about a kilometre: the call and its key alike. */
const geocodeQuery = (lat: number, lon: number) => ({ lat: Number(lat.toFixed(2)), lon: Number(lon.toFixed(2)) });

const geocodeKey = (lat: number, lon: number) => swrKey('/geocode.php', geocodeQuery(lat, lon));

/** GET /geocode.php; an error counts as `false`, like a position that cannot be placed. */
async function geocode(api: ApiClient, lat: number, lon: number): Promise<GeocodeResult | false> {
  try {
    return await unwrap(api.GET('/geocode.php', { params: { query: geocodeQuery(lat, lon) } }));
  } catch {
    return false;
  }
}

/** The place of a position, fetched once an hour at most (SWR cache of this page). */
export function useGeocode(position: { lat: number; lon: number } | null) {
  const api = useApi();
  return useApiSWR(position ? geocodeKey(position.lat, position.lon) : null, () => geocode(api, position?.lat ?? 0, position?.lon ?? 0), {
    dedupingInterval: GEOLOCATION_CACHE_MS,
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
    revalidateIfStale: false,
  });
}
