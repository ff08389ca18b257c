import type { ErrorEvent, StackFrame } from '@sentry/node';
import { redactText } from './redact';

/**
 * Error reports to a Sentry-compatible endpoint (SENTRY_DSN), for the BFF and the backend alike: only unexpected
 * errors (a 500 answer, a failed render, a crash), never an expected refusal (a 4xx). Without SENTRY_DSN the SDK is
 * not even loaded (`import('@sentry/node')` happens only when it is set), so the process's memory and start time do
 * not change.
 *
 * What an event carries: the exception's type, its message with e-mail addresses, tokens, quoted values and query
 * strings redacted (`redactText`), its stack frames, and the tags `service`, `request_id`, `method` and `route` (the
 * path without its query, numbers and long tokens in it replaced by `:id`), plus the SDK's own fields (event id, time,
 * environment, release, server name, runtime). Everything else is dropped before sending (`scrubEvent`): no request
 * (body, cookies, headers, query, address), no user, no breadcrumbs, no extra data, no contexts beyond the runtime.
 * No tracing, no sessions, no default integrations (none instruments a module or reads a request).
 */

/** Where an unexpected error happened: the request (when there is one) or the process. */
interface ErrorReportContext {
  reqId?: string | undefined;
  method?: string | undefined;
  /** The request's path (a query, if any, is dropped). */
  path?: string | undefined;
}

export interface ErrorReports {
  readonly enabled: boolean;
  capture(error: unknown, context?: ErrorReportContext): void;
  /** Sends what is queued, waiting at most `timeoutMs` (shutdown); never rejects. */
  flush(timeoutMs?: number): Promise<void>;
}

export const NO_ERROR_REPORTS: ErrorReports = { enabled: false, capture: () => {}, flush: () => Promise.resolve() };

/** How long a shutdown waits for queued reports. */
const ERROR_REPORTS_FLUSH_MS = 2000;

export interface ErrorReportsConfig {
  SENTRY_DSN?: string | undefined;
  SENTRY_ENVIRONMENT?: string | undefined;
}

/** A path as a route: without query or fragment, numbers and long tokens replaced by `:id`, secrets redacted. */
export function routeOf(path: string): string {
  const bare = path.replace(/[?#].*$/s, '');
  const route = bare
    .split('/')
    .map((segment) => (/^\d+$|^[0-9a-f-]{16,}$|^[A-Za-z0-9_-]{24,}$/i.test(segment) ? ':id' : segment))
    .join('/');
  return redactText(route);
}

const KEPT_FRAME_FIELDS = ['filename', 'module', 'function', 'lineno', 'colno', 'abs_path', 'in_app'] as const;

function keptFrame(frame: StackFrame): StackFrame {
  const out: StackFrame = {};
  for (const field of KEPT_FRAME_FIELDS) if (frame[field] !== undefined) Object.assign(out, { [field]: frame[field] });
  return out;
}

const KEPT_TAGS = ['service', 'request_id', 'method', 'route'] as const;

/**
 * The event as sent: an allow-list of fields, so a field a later SDK adds is dropped too. Exported for the rule's
 * test; `beforeSend` of the SDK.
 */
export function scrubEvent(event: ErrorEvent): ErrorEvent {
  const tags: Record<string, string> = {};
  for (const name of KEPT_TAGS) {
    const value = event.tags?.[name];
    if (typeof value === 'string') tags[name] = value;
  }
  const runtime = event.contexts?.runtime;
  return {
    type: undefined,
    event_id: event.event_id,
    timestamp: event.timestamp,
    platform: event.platform,
    level: event.level,
    environment: event.environment,
    release: event.release,
    server_name: event.server_name,
    sdk: event.sdk,
    tags,
    ...(runtime ? { contexts: { runtime } } : {}),
    exception: {
      values: (event.exception?.values ?? []).map((value) => ({
        type: value.type,
        ...(value.value !== undefined ? { value: redactText(value.value) } : {}),
        ...(value.mechanism ? { mechanism: { type: value.mechanism.type, handled: value.mechanism.handled } } : {}),
        ...(value.stacktrace?.frames ? { stacktrace: { frames: value.stacktrace.frames.map(keptFrame) } } : {}),
      })),
    },
  };
}

/** The error reports of this process: the SDK's client when SENTRY_DSN is set, nothing (and no SDK loaded) otherwise. */
export async function startErrorReports(config: ErrorReportsConfig, service: 'bff' | 'backend'): Promise<ErrorReports> {
  if (!config.SENTRY_DSN) return NO_ERROR_REPORTS;
  const Sentry = await import('@sentry/node');
  Sentry.init({
    dsn: config.SENTRY_DSN,
    environment: config.SENTRY_ENVIRONMENT ?? process.env.NODE_ENV ?? 'production',
    ...(process.env.npm_package_version ? { release: process.env.npm_package_version } : {}),
    // Collect nothing about the member or the request (the SDK's successor of `sendDefaultPii: false`).
    dataCollection: {
      userInfo: false,
      cookies: false,
      httpHeaders: false,
      httpBodies: [],
      urlQueryParams: false,
      databaseQueryData: false,
      queues: false,
      stackFrameVariables: false,
      frameContextLines: 0,
      graphQL: { document: false, variables: false },
      genAI: { inputs: false, outputs: false },
      mcp: { inputs: false, outputs: false },
    },
    defaultIntegrations: false,
    integrations: [],
    tracesSampleRate: 0,
    // No tracer provider, no load-time hooks into other modules: nothing is instrumented.
    enableOpenTelemetrySetup: false,
    enableRuntimeChannelInjection: false,
    maxBreadcrumbs: 0,
    sendClientReports: false,
    initialScope: { tags: { service } },
    beforeSend: scrubEvent,
    beforeBreadcrumb: () => null,
  });
  return {
    enabled: true,
    capture(error, context = {}) {
      const tags: Record<string, string> = {};
      if (context.reqId) tags.request_id = context.reqId;
      if (context.method) tags.method = context.method;
      if (context.path) tags.route = routeOf(context.path);
      try {
        Sentry.captureException(error, { tags });
      } catch {
        // A report that cannot be made is dropped: the answer or the shutdown goes on as without reports.
      }
    },
    async flush(timeoutMs = ERROR_REPORTS_FLUSH_MS) {
      await Sentry.flush(timeoutMs).catch(() => false);
    },
  };
}

/** What reportCrashes needs of a logger (pino's fatal). */
interface FatalLogger {
  fatal(obj: object, msg: string): void;
}

/**
 * With reports on, an uncaught exception or unhandled rejection (Node makes it one) is logged, reported and waited
 * for (at most ERROR_REPORTS_FLUSH_MS) before the process exits with 1, as it would without a handler. With reports
 * off, nothing is registered: Node's own handling stays.
 */
export function reportCrashes(reports: ErrorReports, logger: FatalLogger): void {
  if (!reports.enabled) return;
  let exiting = false;
  process.on('uncaughtException', (error, origin) => {
    logger.fatal({ err: error, origin }, 'uncaught exception; exiting');
    reports.capture(error);
    if (exiting) return;
    exiting = true;
    void reports.flush().finally(() => process.exit(1));
  });
}
