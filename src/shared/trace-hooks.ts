import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TracedService, Tracing, TracingEnv } from './trace-types';

/**
 * Traces (OpenTelemetry) as the rest of the code sees them: a handful of hooks that do nothing — not even load the
 * SDK — until `startTracing` found an OTLP endpoint in the environment (`OTEL_EXPORTER_OTLP_ENDPOINT` or
 * `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`). Off, each hook is one read of a module variable; the SDK and the span code
 * (tracing.ts) are imported only when tracing is on, as the error reports' SDK is (error-reports.ts).
 *
 * Which process a span belongs to is named by the caller (`bff` or `backend`): it is the tracer's name, and in a
 * process of its own also the service's (`service.name`, unless OTEL_SERVICE_NAME names it).
 */

let active: Tracing | undefined;

/** The tracing of this process when it is on; undefined when off (the hooks below then do nothing). */
export function activeTracing(): Tracing | undefined {
  return active;
}

/** Installs the process's tracing (startTracing; a test installs one of tracing.ts's with its own span processor). */
export function installTracing(tracing: Tracing): void {
  active = tracing;
}

/** Turns tracing off again: the hooks do nothing from now on, and the spans still queued are sent (tests). */
export async function stopTracing(): Promise<void> {
  const tracing = active;
  active = undefined;
  await tracing?.shutdown();
}

/**
 * Express middleware: the request's span around everything after it (nothing when tracing is off). Requests whose
 * URL `untraced` accepts (static files, photos: many per page, each a trace of its own) get none.
 */
export function traceRequests(service: TracedService, untraced: (url: string) => boolean = () => false) {
  return (req: IncomingMessage, res: ServerResponse, next: () => void): void => {
    const tracing = active;
    if (tracing && !untraced(req.url ?? '/')) tracing.serve(service, req, res, next);
    else next();
  };
}

/** The `{ trace_id, span_id }` of the running span for a log line (pino's mixin), or undefined when tracing is off. */
export function traceLogFields(): Record<string, string> | undefined {
  return active?.logFields();
}

/**
 * Is tracing wanted: an OTLP endpoint given (OTEL_EXPORTER_OTLP_TRACES_ENDPOINT or OTEL_EXPORTER_OTLP_ENDPOINT), and
 * neither OTEL_SDK_DISABLED=true nor OTEL_TRACES_EXPORTER=none.
 */
function tracingWanted(env: TracingEnv): boolean {
  const endpoint = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim() || env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim();
  if (!endpoint) return false;
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return false;
  return (env.OTEL_TRACES_EXPORTER?.trim().toLowerCase() ?? 'otlp') !== 'none';
}

/** What `startTracing` hands back: whether it is on, and its flush for the shutdown. */
export interface TracingHandle {
  readonly enabled: boolean;
  flush(timeoutMs?: number): Promise<void>;
}

const OFF: TracingHandle = { enabled: false, flush: () => Promise.resolve() };

/**
 * Starts tracing for this process when the environment asks for it (tracingWanted), exporting OTLP/HTTP to the
 * endpoint; otherwise returns at once without loading anything. Failing to start (a malformed endpoint) is reported on
 * stderr and leaves tracing off: traces are never a reason for the site not to start.
 */
export async function startTracing(service: TracedService, env: TracingEnv = process.env): Promise<TracingHandle> {
  if (!tracingWanted(env)) return OFF;
  try {
    const { startOtlpTracing } = await import('./tracing');
    const tracing = startOtlpTracing(service, env);
    installTracing(tracing);
    return { enabled: true, flush: (timeoutMs) => tracing.flush(timeoutMs) };
  } catch (error) {
    process.stderr.write(`Traces are off: ${error instanceof Error ? error.message : String(error)}\n`);
    return OFF;
  }
}
