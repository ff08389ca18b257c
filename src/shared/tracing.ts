import { AsyncLocalStorage } from 'node:async_hooks';
import type { IncomingMessage } from 'node:http';
import {
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  defaultTextMapGetter,
  defaultTextMapSetter,
  isSpanContextValid,
  trace,
  type Attributes,
  type Context,
  type Span,
  type Tracer,
} from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { detectResources, envDetector, resourceFromAttributes } from '@opentelemetry/resources';
import { BasicTracerProvider, BatchSpanProcessor, type SpanProcessor } from '@opentelemetry/sdk-trace-base';
import { routeOf } from './error-reports';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { isSecretParam, redactText } from './redact';
import type { TracedService, TracedStatement, Tracing, TracingEnv } from './trace-types';

/**
 * The tracing SDK's side of trace-hooks.ts, loaded only when tracing is on: a tracer provider of the maintained SDK
 * (`@opentelemetry/sdk-trace-base`: sampler and limits from the standard OTEL_* variables, a batch processor), W3C
 * trace context (`traceparent`) between the BFF and the backend, and the spans the hooks ask for.
 *
 * Nothing from trace-hooks.ts: the compiled server loads this module as a bundle of its own (scripts/build-server.ts),
 * with copies of what it imports, so the hooks' state stays in trace-hooks.ts, which installs what this returns.
 *
 * Nothing is registered globally (no global tracer provider, context manager or propagator of `@opentelemetry/api`):
 * the hooks are the only instrumentation, and this module keeps its provider, its context (one AsyncLocalStorage) and
 * its propagator to itself — so the error reports' SDK, which brings an OpenTelemetry setup of its own, cannot
 * interfere, and a test can start and stop it.
 *
 * What a span may hold is fixed here, never taken from a request wholesale: methods, paths (an e-mail address or a
 * long token in a path redacted), the names — never the values — of a query's non-secret parameters, status codes,
 * the backend's host, SQL text with its `$n` placeholders (never a parameter's value), a job's queue, id and attempt.
 * Never a header (no cookie, no Authorization, no assertion), a body, a visitor's address or a user agent.
 */

const MAX_SQL_TEXT = 2_000;

/** The path of a URL without query or fragment, an e-mail address or long token in it redacted. */
function safePath(url: string): string {
  return redactText(url.replace(/[?#].*$/s, ''));
}

/** `page&limit`: the names of a URL's query parameters that are not secret, without any value; undefined when none. */
function safeQueryNames(url: string): string | undefined {
  const start = url.indexOf('?');
  if (start < 0) return undefined;
  const names: string[] = [];
  for (const [name] of new URLSearchParams(url.slice(start + 1).replace(/#.*$/s, ''))) {
    if (!isSecretParam(name) && /^[\w.[\]-]{1,64}$/.test(name) && !names.includes(name)) names.push(name);
  }
  return names.length > 0 ? names.join('&') : undefined;
}

/** `SELECT`, `INSERT`, `WITH`…: the statement's first keyword. */
function operationOf(text: string): string {
  return /^\s*(?:--[^\n]*\n\s*)*([A-Za-z]+)/.exec(text)?.[1]?.toUpperCase() ?? 'SQL';
}

/** What of an error a span may hold: its SQLSTATE or its class's name, never its message (it may quote a value). */
function errorType(error: unknown): string {
  if (typeof error === 'object' && error !== null) {
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    const name = (error as { name?: unknown }).name;
    if (typeof name === 'string' && /^\w{1,64}$/.test(name)) return name;
  }
  return 'Error';
}

function failed(span: Span, error: unknown): void {
  const type = errorType(error);
  span.setAttribute('error.type', type);
  span.setStatus({ code: SpanStatusCode.ERROR, message: type });
}

export interface TracingOptions {
  /** Where finished spans go (tests: a SimpleSpanProcessor over an InMemorySpanExporter). */
  spanProcessor: SpanProcessor;
  /** The resource's attributes (`service.name`…); default: the service's name and OTEL_RESOURCE_ATTRIBUTES. */
  resource?: Attributes;
}

/** Tracing with the given span processor, for the hooks to install (trace-hooks.ts `installTracing`). */
export function enableTracing(options: TracingOptions): Tracing {
  const provider = new BasicTracerProvider({
    resource: resourceFromAttributes(options.resource ?? {}),
    spanProcessors: [options.spanProcessor],
  });
  const tracers: Record<TracedService, Tracer> = { bff: provider.getTracer('bff'), backend: provider.getTracer('backend') };
  const contexts = new AsyncLocalStorage<Context>();
  const propagator = new W3CTraceContextPropagator();
  const active = (): Context => contexts.getStore() ?? ROOT_CONTEXT;

  const tracing: Tracing = {
    serve(service, req, res, next) {
      // The BFF starts every trace (a visitor does not choose it); the backend continues the BFF's (its traceparent).
      const parent = service === 'backend' ? propagator.extract(ROOT_CONTEXT, req.headers, defaultTextMapGetter) : ROOT_CONTEXT;
      const url = (req as IncomingMessage & { originalUrl?: string }).originalUrl ?? req.url ?? '/';
      const method = req.method ?? 'GET';
      const route = routeOf(url);
      const query = safeQueryNames(url);
      const span = tracers[service].startSpan(
        `${method} ${route}`,
        {
          kind: SpanKind.SERVER,
          attributes: {
            'http.request.method': method,
            'http.route': route,
            'url.path': safePath(url),
            ...(query ? { 'url.query': query } : {}),
          },
        },
        parent,
      );
      let ended = false;
      const end = () => {
        if (ended) return;
        ended = true;
        const status = res.statusCode;
        span.setAttribute('http.response.status_code', status);
        const id = (req as IncomingMessage & { id?: unknown }).id;
        if (typeof id === 'string' || typeof id === 'number') span.setAttribute('app.request_id', String(id));
        if (!res.writableFinished) span.setAttribute('app.aborted', true);
        if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
        span.end();
      };
      res.once('finish', end);
      res.once('close', end);
      contexts.run(trace.setSpan(parent, span), next);
    },

    backendCall(info, run, describe) {
      const parent = active();
      const target = new URL(info.url);
      const span = tracers.bff.startSpan(
        `${info.method} ${routeOf(info.path)}`,
        {
          kind: SpanKind.CLIENT,
          attributes: {
            'http.request.method': info.method,
            'server.address': target.hostname,
            ...(target.port ? { 'server.port': Number(target.port) } : {}),
            'url.path': safePath(info.path),
            'app.backend': info.backend,
            'app.operation': info.operation,
          },
        },
        parent,
      );
      const context = trace.setSpan(parent, span);
      const headers: Record<string, string> = {};
      propagator.inject(context, headers, defaultTextMapSetter);
      return contexts
        .run(context, () => run(headers))
        .then(
          (result) => {
            const { status, attempts } = describe(result);
            span.setAttribute('http.response.status_code', status);
            if (attempts > 1) span.setAttribute('http.request.resend_count', attempts - 1);
            if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
            span.end();
            return result;
          },
          (error: unknown) => {
            const attempts = (error as { attempts?: unknown }).attempts;
            if (typeof attempts === 'number' && attempts > 1) span.setAttribute('http.request.resend_count', attempts - 1);
            failed(span, error);
            span.end();
            throw error;
          },
        );
    },

    statement(dialect, statement: TracedStatement, run) {
      const parent = active();
      // Statements outside a request or a job (start-up, timers, polling) make no trace of their own.
      if (!trace.getSpan(parent)) return run();
      const operation = operationOf(statement.text);
      const span = tracers.backend.startSpan(
        statement.name ? `${operation} ${statement.name}` : operation,
        {
          kind: SpanKind.CLIENT,
          attributes: {
            'db.system.name': 'postgresql',
            'db.operation.name': operation,
            'db.query.text': statement.text.length > MAX_SQL_TEXT ? `${statement.text.slice(0, MAX_SQL_TEXT)}…` : statement.text,
            ...(statement.name ? { 'app.db.statement': statement.name } : {}),
            'app.db.driver': dialect,
          },
        },
        parent,
      );
      return contexts.run(trace.setSpan(parent, span), run).then(
        (result) => {
          span.end();
          return result;
        },
        (error: unknown) => {
          failed(span, error);
          if (span.isRecording() && errorType(error).length === 5) span.setAttribute('db.response.status_code', errorType(error));
          span.end();
          throw error;
        },
      );
    },

    job(name, id, attempt, run) {
      const span = tracers.backend.startSpan(
        `process ${name}`,
        {
          kind: SpanKind.CONSUMER,
          attributes: {
            'messaging.system': 'pg-boss',
            'messaging.operation.type': 'process',
            'messaging.destination.name': name,
            'messaging.message.id': id,
            'app.job.attempt': attempt,
          },
        },
        ROOT_CONTEXT,
      );
      return contexts.run(trace.setSpan(ROOT_CONTEXT, span), run).then(
        (result) => {
          span.end();
          return result;
        },
        (error: unknown) => {
          failed(span, error);
          span.end();
          throw error;
        },
      );
    },

    logFields(): Record<string, string> {
      const context = trace.getSpan(active())?.spanContext();
      if (!context || !isSpanContextValid(context)) return {};
      return { trace_id: context.traceId, span_id: context.spanId };
    },

    async flush(timeoutMs = 2_000) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        provider.forceFlush().catch(() => undefined),
        new Promise<void>((resolve) => {
          timer = setTimeout(resolve, timeoutMs);
          timer.unref();
        }),
      ]);
      clearTimeout(timer);
    },

    async shutdown() {
      await provider.shutdown().catch(() => undefined);
    },
  };
  return tracing;
}

/** Tracing as the environment configures it: OTLP/HTTP to the endpoint, the service named `bff` or `backend`. */
export function startOtlpTracing(service: TracedService, env: TracingEnv): Tracing {
  const exporter = otlpExporter(env);
  // OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES win over the default name.
  const detected = detectResources({ detectors: [envDetector] }).attributes;
  return enableTracing({
    spanProcessor: new BatchSpanProcessor(exporter),
    resource: {
      'service.name': service,
      ...(process.env.npm_package_version ? { 'service.version': process.env.npm_package_version } : {}),
      ...detected,
    },
  });
}

/**
 * OpenTelemetry's OTLP/HTTP exporter (JSON bodies, `POST …/v1/traces`), which every OTLP receiver takes: the
 * OpenTelemetry Collector, Jaeger, Grafana Tempo. It reads the standard variables itself
 * (OTEL_EXPORTER_OTLP_(TRACES_)ENDPOINT, _HEADERS, _TIMEOUT); gRPC, which it does not speak, is refused with the way out.
 */
export function otlpExporter(env: TracingEnv): OTLPTraceExporter {
  const protocol = (env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL ?? env.OTEL_EXPORTER_OTLP_PROTOCOL ?? '').trim();
  if (protocol === 'grpc') throw new Error('OTEL_EXPORTER_OTLP_PROTOCOL=grpc is not supported: use the OTLP/HTTP endpoint (port 4318)');
  return new OTLPTraceExporter();
}
