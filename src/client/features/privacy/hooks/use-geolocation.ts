import { useCallback, useEffect, useState } from 'react';

/** SPEC §3/§4: unsupported, unknown, or the browser's own permission state. */
export type GeoPermission = 'unsupported' | 'unknown' | 'granted' | 'denied' | 'prompt';

/** The geolocation permission, following changes the member makes in the browser. */
export function useGeolocationPermission(): GeoPermission {
  const [state, setState] = useState<GeoPermission>(() =>
    typeof navigator !== 'undefined' && !('geolocation' in navigator) ? 'unsupported' : 'unknown',
  );
  useEffect(() => {
    if (typeof navigator === 'undefined' || !('geolocation' in navigator) || !navigator.permissions?.query) return;
    let status: PermissionStatus | null = null;
    let cancelled = false;
    const update = () => {
      if (status && !cancelled) setState(status.state);
    };
    navigator.permissions.query({ name: 'geolocation' }).then(
      (s) => {
        status = s;
        update();
        s.addEventListener('change', update);
      },
      () => undefined,
    );
    return () => {
      cancelled = true;
      status?.removeEventListener('change', update);
    };
  }, []);
  return state;
}

/** Asks the browser for one coarse position (no high accuracy: the server keeps only a ~5 km cell anyway). */
export function useCurrentPosition() {
  const [error, setError] = useState<GeolocationPositionError | null>(null);
  const locate = useCallback(
    () =>
      new Promise<{ lat: number; lon: number } | null>((resolve) => {
        if (typeof navigator === 'undefined' || !('geolocation' in navigator)) {
          resolve(null);
          return;
        }
        navigator.geolocation.getCurrentPosition(
          (p) => {
            setError(null);
            resolve({ lat: p.coords.latitude, lon: p.coords.longitude });
          },
          (e) => {
            setError(e);
            resolve(null);
          },
          { enableHighAccuracy: false, maximumAge: 3600_000, timeout: 15_000 },
        );
      }),
    [],
  );
  return { locate, error };
}
