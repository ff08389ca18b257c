/**
 * What the browser build gives libraries that import `use-sync-external-store/shim` (SWR): React's own hook. The shim
 * exists for React 17 and older; on React 18+ it hands out this very function, after a run-time check (vite.config.ts).
 */
export { useSyncExternalStore } from 'react';
