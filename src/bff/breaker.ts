import { CircuitState, SamplingBreaker, circuitBreaker, handleWhen, type CircuitBreakerPolicy } from 'cockatiel';
import type { Logger } from 'pino';
import type { BffMetrics } from './metrics';

/**
 * The circuit breaker of one backend (cockatiel's SamplingBreaker on the calls' final outcomes): when at least
 * `threshold` of the calls of the last `samplingMs` failed, calls fail fast; after `halfOpenAfterMs` one call tests the
 * backend, and its success closes the breaker. Its state goes to the metrics (0 closed, 1 open, 2 half-open).
 */
export interface BreakerOptions {
  /** Share of failed calls (0–1) in the sampling window that opens the breaker. */
  threshold: number;
  samplingMs: number;
  /** Calls per second needed before the breaker may open (no opening on one unlucky call at night). */
  minimumRps: number;
  /** Open → half-open after this long. */
  halfOpenAfterMs: number;
}

const DEFAULT_BREAKER: BreakerOptions = { threshold: 0.5, samplingMs: 10_000, minimumRps: 1, halfOpenAfterMs: 5_000 };

export function createBreaker(args: {
  options: Partial<BreakerOptions> | undefined;
  name: string;
  metrics: BffMetrics;
  log: Logger;
  /** Which thrown errors and which results count as a failed call. */
  failedError: (error: Error) => boolean;
  failedResult: (result: unknown) => boolean;
}): CircuitBreakerPolicy {
  const { name, metrics, log } = args;
  const options = { ...DEFAULT_BREAKER, ...args.options };
  const breaker = circuitBreaker(handleWhen(args.failedError).orWhenResult(args.failedResult), {
    halfOpenAfter: options.halfOpenAfterMs,
    breaker: new SamplingBreaker({ threshold: options.threshold, duration: options.samplingMs, minimumRps: options.minimumRps }),
  });
  breaker.onStateChange((state) => {
    metrics.breakerState(name, state === CircuitState.Isolated ? 1 : state);
    if (state === CircuitState.Open) log.warn({ backend: name }, 'circuit breaker opened: failing fast');
    else if (state === CircuitState.Closed) log.info({ backend: name }, 'circuit breaker closed');
  });
  return breaker;
}
