/** How a backend call fails when no answer comes (backend.ts throws them; the proxy and the page fetch map them to 502). */

/** The backend could not be reached (connection error, deadline, or an open breaker). */
export class BackendUnavailableError extends Error {
  constructor(
    readonly attempts: number,
    override readonly cause: unknown,
  ) {
    super(`Backend unreachable after ${attempts} attempt(s): ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = 'BackendUnavailableError';
  }
}

export class BreakerOpenError extends Error {
  constructor(backend: string) {
    super(`The circuit breaker of backend ${backend} is open: failing fast`);
    this.name = 'BreakerOpenError';
  }
}
