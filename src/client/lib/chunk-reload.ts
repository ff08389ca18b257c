import { CHUNK_RELOAD_MIN_INTERVAL_MS } from '../../shared/constants';

/** sessionStorage key of the last reload (also read by the page's inline bootstrap, server/boot-script.ts). */
export const CHUNK_RELOAD_STORAGE_KEY = 'chunk-reload-at';

/**
 * A chunk-loading failure reloads the page once, at most once per 60 seconds.
 * Returns true when it reloaded.
 */
export function reloadAfterChunkError(
  storage: Pick<Storage, 'getItem' | 'setItem'>,
  reload: () => void,
  now: number = Date.now(),
): boolean {
  const last = Number(storage.getItem(CHUNK_RELOAD_STORAGE_KEY) ?? 0);
  if (Number.isFinite(last) && now - last < CHUNK_RELOAD_MIN_INTERVAL_MS) return false;
  storage.setItem(CHUNK_RELOAD_STORAGE_KEY, String(now));
  reload();
  return true;
}

const CHUNK_ERROR =
  /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i;

export function isChunkLoadError(reason: unknown): boolean {
  const message = reason instanceof Error ? reason.message : typeof reason === 'string' ? reason : '';
  return CHUNK_ERROR.test(message);
}

/** Installs the listeners (browser only). */
export function installChunkReload(win: Window): void {
  const handle = () => {
    try {
      reloadAfterChunkError(win.sessionStorage, () => win.location.reload());
    } catch {
      // Storage may be unavailable (private mode); then do not risk a reload loop.
    }
  };
  win.addEventListener('vite:preloadError', (event) => {
    event.preventDefault();
    handle();
  });
  win.addEventListener('unhandledrejection', (event) => {
    if (isChunkLoadError(event.reason)) handle();
  });
}
