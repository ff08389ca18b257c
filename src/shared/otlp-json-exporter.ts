import type { Attributes, AttributeValue, HrTime } from '@opentelemetry/api';
import { ExportResultCode, type ExportResult } from '@opentelemetry/core';
import type { ReadableSpan, SpanExporter } from '@opentelemetry/sdk-trace-base';
import type { TracingEnv } from './trace-types';

/**
 * A span exporter speaking OTLP/HTTP with JSON bodies (`POST <endpoint>/v1/traces`, `application/json`), which every
 * OTLP receiver takes (the OpenTelemetry Collector, Jaeger, Grafana Tempo, …). It stands in for
 * `@opentelemetry/exporter-trace-otlp-http` while that package is not among the project's dependencies, and reads the
 * same variables: OTEL_EXPORTER_OTLP_TRACES_ENDPOINT (the full URL) or OTEL_EXPORTER_OTLP_ENDPOINT (a base URL:
 * `/v1/traces` is appended), OTEL_EXPORTER_OTLP_(TRACES_)HEADERS (`name=value,…`, URL-encoded values) and
 * OTEL_EXPORTER_OTLP_(TRACES_)TIMEOUT (ms, default 10 000). A failed export is dropped (the batch processor goes on);
 * nothing is retried, nothing is logged per span.
 */

type AnyValue =
  | { stringValue: string }
  | { boolValue: boolean }
  | { intValue: string }
  | { doubleValue: number }
  | { arrayValue: { values: AnyValue[] } };

interface KeyValue {
  key: string;
  value: AnyValue;
}

function anyValue(value: AttributeValue | null | undefined): AnyValue | undefined {
  if (typeof value === 'string') return { stringValue: value };
  if (typeof value === 'boolean') return { boolValue: value };
  if (typeof value === 'number') return Number.isInteger(value) ? { intValue: String(value) } : { doubleValue: value };
  if (Array.isArray(value)) {
    const values = (value as readonly unknown[]).map((v) => anyValue(v as AttributeValue)).filter((v): v is AnyValue => v !== undefined);
    return { arrayValue: { values } };
  }
  return undefined;
}

function keyValues(attributes: Attributes): KeyValue[] {
  const out: KeyValue[] = [];
  for (const [key, raw] of Object.entries(attributes)) {
    const value = anyValue(raw);
    if (value) out.push({ key, value });
  }
  return out;
}

function nanos(time: HrTime): string {
  return (BigInt(time[0]) * 1_000_000_000n + BigInt(time[1])).toString();
}

/** The OTLP JSON body of one export: spans grouped by resource and by instrumentation scope. */
function otlpJsonBody(spans: readonly ReadableSpan[]): unknown {
  const byResource = new Map<ReadableSpan['resource'], Map<string, ReadableSpan[]>>();
  for (const span of spans) {
    let scopes = byResource.get(span.resource);
    if (!scopes) byResource.set(span.resource, (scopes = new Map()));
    const scope = `${span.instrumentationScope.name}\u0000${span.instrumentationScope.version ?? ''}`;
    const list = scopes.get(scope);
    if (list) list.push(span);
    else scopes.set(scope, [span]);
  }
  return {
    resourceSpans: [...byResource].map(([resource, scopes]) => ({
      resource: { attributes: keyValues(resource.attributes) },
      scopeSpans: [...scopes.values()].map((list) => ({
        scope: {
          name: list[0]?.instrumentationScope.name ?? '',
          ...(list[0]?.instrumentationScope.version ? { version: list[0].instrumentationScope.version } : {}),
        },
        spans: list.map((span) => {
          const context = span.spanContext();
          return {
            traceId: context.traceId,
            spanId: context.spanId,
            ...(span.parentSpanContext ? { parentSpanId: span.parentSpanContext.spanId } : {}),
            ...(context.traceState ? { traceState: context.traceState.serialize() } : {}),
            name: span.name,
            // OTLP's kinds start at 1 (INTERNAL); the API's at 0.
            kind: span.kind + 1,
            startTimeUnixNano: nanos(span.startTime),
            endTimeUnixNano: nanos(span.endTime),
            attributes: keyValues(span.attributes),
            droppedAttributesCount: span.droppedAttributesCount,
            events: span.events.map((event) => ({
              timeUnixNano: nanos(event.time),
              name: event.name,
              attributes: keyValues(event.attributes ?? {}),
            })),
            links: span.links.map((link) => ({
              traceId: link.context.traceId,
              spanId: link.context.spanId,
              attributes: keyValues(link.attributes ?? {}),
            })),
            status: { code: span.status.code, ...(span.status.message ? { message: span.status.message } : {}) },
          };
        }),
      })),
    })),
  };
}

/** `name=value,other=value` (OTEL_EXPORTER_OTLP_HEADERS), values URL-decoded. */
function parseHeaders(text: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const pair of (text ?? '').split(',')) {
    const eq = pair.indexOf('=');
    if (eq <= 0) continue;
    const name = pair.slice(0, eq).trim();
    let value = pair.slice(eq + 1).trim();
    try {
      value = decodeURIComponent(value);
    } catch {
      // kept as written
    }
    if (name) out[name] = value;
  }
  return out;
}

/** The URL spans are posted to: the traces endpoint as given, or the base endpoint with `/v1/traces`. */
export function tracesEndpoint(env: TracingEnv): string {
  const traces = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim();
  const url = traces || `${(env.OTEL_EXPORTER_OTLP_ENDPOINT ?? '').trim().replace(/\/+$/, '')}/v1/traces`;
  const parsed = new URL(url);
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error(`the OTLP endpoint ${url} is not http(s)`);
  return parsed.href;
}

export class OtlpJsonTraceExporter implements SpanExporter {
  private readonly url: string;
  private readonly headers: Record<string, string>;
  private readonly timeoutMs: number;
  private readonly pending = new Set<Promise<void>>();
  private stopped = false;

  constructor(env: TracingEnv) {
    const protocol = (env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL ?? env.OTEL_EXPORTER_OTLP_PROTOCOL ?? '').trim();
    if (protocol === 'grpc') throw new Error('OTEL_EXPORTER_OTLP_PROTOCOL=grpc is not supported: use the OTLP/HTTP endpoint (port 4318)');
    this.url = tracesEndpoint(env);
    this.headers = {
      ...parseHeaders(env.OTEL_EXPORTER_OTLP_HEADERS),
      ...parseHeaders(env.OTEL_EXPORTER_OTLP_TRACES_HEADERS),
      'content-type': 'application/json',
    };
    const timeout = Number(env.OTEL_EXPORTER_OTLP_TRACES_TIMEOUT ?? env.OTEL_EXPORTER_OTLP_TIMEOUT);
    this.timeoutMs = Number.isFinite(timeout) && timeout > 0 ? timeout : 10_000;
  }

  export(spans: ReadableSpan[], resultCallback: (result: ExportResult) => void): void {
    if (this.stopped) {
      resultCallback({ code: ExportResultCode.FAILED, error: new Error('the exporter was shut down') });
      return;
    }
    const sent = fetch(this.url, {
      method: 'POST',
      headers: this.headers,
      body: JSON.stringify(otlpJsonBody(spans)),
      signal: AbortSignal.timeout(this.timeoutMs),
    }).then(
      async (response) => {
        await response.arrayBuffer().catch(() => undefined);
        resultCallback(
          response.ok ? { code: ExportResultCode.SUCCESS } : { code: ExportResultCode.FAILED, error: new Error(`OTLP ${response.status}`) },
        );
      },
      (error: unknown) =>
        resultCallback({ code: ExportResultCode.FAILED, error: error instanceof Error ? error : new Error(String(error)) }),
    );
    this.pending.add(sent);
    void sent.finally(() => this.pending.delete(sent));
  }

  async forceFlush(): Promise<void> {
    await Promise.all(this.pending);
  }

  async shutdown(): Promise<void> {
    this.stopped = true;
    await this.forceFlush();
  }
}
