/**
 * Browser-only count of API calls in flight, for the navigation progress bar. Only the browser's API client (created
 * in app/hydrate.tsx) wraps its fetch with it; the server never does, so no request state lives here.
 */
let inflight = 0;
const listeners = new Set<() => void>();

const emit = () => {
  for (const listener of listeners) listener();
};

export function trackFetch(inner: typeof fetch): typeof fetch {
  return async (...args: Parameters<typeof fetch>) => {
    inflight += 1;
    emit();
    try {
      return await inner(...args);
    } finally {
      inflight -= 1;
      emit();
    }
  };
}

export function subscribeActivity(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const inflightCount = () => inflight;
