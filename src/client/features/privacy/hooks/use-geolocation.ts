import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';

/** Unsupported, unknown, or the browser's own permission state. */
export type GeoPermission = 'unsupported' | 'unknown' | 'granted' | 'denied' | 'prompt';

const noSubscription = () => () => undefined;

/**
 * The geolocation permission, following changes the member makes in the browser. Support is read with
 * useSyncExternalStore, whose server snapshot ("supported") is also what hydration uses: Node 21+ has a global
 * `navigator` without geolocation, so deciding 'unsupported' while rendering on the server would break hydration.
 */
export function useGeolocationPermission(): GeoPermission {
  const supported = useSyncExternalStore(
    noSubscription,
    () => 'geolocation' in navigator,
    () => true,
  );
  const [state, setState] = useState<GeoPermission>('unknown');
  useEffect(() => {
    if (!('geolocation' in navigator) || !navigator.permissions?.query) return;
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
  return supported ? state : 'unsupported';
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
