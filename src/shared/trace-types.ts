import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * The types of traces shared by the hooks (trace-hooks.ts) and the SDK's side (tracing.ts, loaded only when tracing is
 * on), in a module of their own so that neither imports the other for them.
 */

export type TracedService = 'bff' | 'backend';

/** What a span of a BFF call to a backend may record: nothing of the visitor's (no cookie, no header, no query value). */
interface BackendCallInfo {
  method: string;
  /** Path and query as sent (the query is not recorded). */
  path: string;
  /** The backend's base URL (host and port are recorded). */
  url: string;
  /** The backend's name in the routing table. */
  backend: string;
  /** The contract's operationId of the call (`listMembers`; `undocumented`), as the metrics count it. */
  operation: string;
}

/** A statement as the database adapter runs it: its text (placeholders `$n`, never values) and its name, if any. */
export interface TracedStatement {
  readonly text: string;
  readonly name?: string | undefined;
}

export interface Tracing {
  /** Runs `next` inside the span of this incoming request (the backend continues a `traceparent` it was sent). */
  serve(service: TracedService, req: IncomingMessage, res: ServerResponse, next: () => void): void;
  /**
   * A BFF call to a backend: `run` gets the headers that carry the span to it (`traceparent`) and is called at once;
   * `describe` reads the answer's status and the number of attempts off its result.
   */
  backendCall<T>(
    info: BackendCallInfo,
    run: (headers: Record<string, string>) => Promise<T>,
    describe: (result: T) => { status: number; attempts: number },
  ): Promise<T>;
  /** A statement of the backend's database (`run` is called at once, in the same turn). Only inside a traced request or job. */
  statement<T>(dialect: 'pglite' | 'pg', statement: TracedStatement, run: () => Promise<T>): Promise<T>;
  /** A background job's run: a trace of its own. */
  job<T>(name: string, id: string, attempt: number, run: () => Promise<T>): Promise<T>;
  /** `{ trace_id, span_id }` of the span the running code is in, for its log lines; `{}` outside any. */
  logFields(): Record<string, string>;
  /** Sends the spans still queued, waiting at most `timeoutMs` (shutdown); never rejects. */
  flush(timeoutMs?: number): Promise<void>;
  /** Flushes, then stops recording (stopTracing). */
  shutdown(): Promise<void>;
}

/** Environment variables tracing reads (the OpenTelemetry SDK's standard ones). */
export interface TracingEnv {
  OTEL_EXPORTER_OTLP_ENDPOINT?: string | undefined;
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?: string | undefined;
  OTEL_SDK_DISABLED?: string | undefined;
  OTEL_TRACES_EXPORTER?: string | undefined;
  [name: string]: string | undefined;
}
