import type { IncomingMessage, OutgoingHttpHeaders } from 'node:http';
import { PassThrough } from 'node:stream';
import type { Logger } from 'pino';
import { readBody, type Backend, type BackendRequest } from './backend';
import { operationNameOf } from './idempotent-operations';
import type { BffMetrics } from './metrics';
import { REDACTED, isSecretParam } from '../shared/redact';
import type { ShadowRule } from './routing';

/**
 * Shadow reads (Twitter's Diffy method): for the read operations the routing table names, after the primary backend's
 * answer has gone to the caller, the same request is sent twice more in the background — to the candidate backend and
 * to the primary again. Fields where the primary differs from ITSELF (timestamps, random ids, shuffled lists) are
 * noise; a field counts as a difference only when it differs between primary and candidate clearly more often than
 * between primary and primary (Diffy's relative threshold: at least 20 % of its raw differences are not explained by
 * noise). Shadow calls are sent once (no retries, outside the retry budget and the breaker), their cookies are thrown
 * away, at most `maxConcurrent` run at a time (more are dropped and counted), and only GETs of the table are
 * shadowed — never a write, never a GET that changes state (routing.ts refuses those).
 *
 * Example values in the report are redacted where a field may carry a secret or an address (redact.ts's rule).
 * The report (per operation: comparisons, differing fields with examples, noise) lives in this BFF process: it is an
 * operator's sampling view, not business state; `scripts/shadow-report.ts` merges the reports of several BFFs.
 */

/** A field path with array positions generalised: `profiles[].last_active`. `$status` is the HTTP status. */
type FieldPath = string;

const MAX_BODY = 1_048_576;
const MAX_EXAMPLES = 3;
const MAX_FIELDS = 200;
const OTHER_FIELDS = '(other fields)';
const RELATIVE_THRESHOLD = 0.2;
const SHADOW_DEADLINE_MS = 10_000;

/** Every leaf of a JSON value: exact path (with indices, to pair values) → [generalised path, value]. */
function leaves(value: unknown, exact: string, general: string, out: Map<string, [FieldPath, unknown]>): void {
  if (Array.isArray(value)) {
    if (value.length === 0) out.set(exact, [general, []]);
    value.forEach((item, i) => leaves(item, `${exact}[${i}]`, `${general}[]`, out));
    return;
  }
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value);
    if (entries.length === 0) out.set(exact, [general, {}]);
    for (const [key, child] of entries) leaves(child, exact ? `${exact}.${key}` : key, general ? `${general}.${key}` : key, out);
    return;
  }
  out.set(exact || '$', [general || '$', value]);
}

export interface ShadowAnswer {
  status: number;
  body: Buffer;
}

function parsed(answer: ShadowAnswer): unknown {
  const text = answer.body.toString('utf8');
  try {
    return text === '' ? null : JSON.parse(text);
  } catch {
    return { $text: text };
  }
}

/** Differing fields of two answers (status included): generalised path → one example pair. */
export function differingFields(a: ShadowAnswer, b: ShadowAnswer): Map<FieldPath, [unknown, unknown]> {
  const result = new Map<FieldPath, [unknown, unknown]>();
  if (a.status !== b.status) result.set('$status', [a.status, b.status]);
  const left = new Map<string, [FieldPath, unknown]>();
  const right = new Map<string, [FieldPath, unknown]>();
  leaves(parsed(a), '', '', left);
  leaves(parsed(b), '', '', right);
  for (const [exact, [general, value]] of left) {
    const other = right.get(exact);
    if (!other) {
      if (!result.has(general)) result.set(general, [value, undefined]);
    } else if (JSON.stringify(other[1]) !== JSON.stringify(value) && !result.has(general)) {
      result.set(general, [value, other[1]]);
    }
  }
  for (const [exact, [general, value]] of right) {
    if (!left.has(exact) && !result.has(general)) result.set(general, [undefined, value]);
  }
  return result;
}

interface FieldStats {
  raw: number;
  noise: number;
  examples: { primary: unknown; candidate: unknown }[];
}

interface OperationStats {
  operation: string;
  request: string;
  primary: string;
  candidate: string;
  compared: number;
  identical: number;
  different: number;
  errors: number;
  dropped: number;
  fields: Map<FieldPath, FieldStats>;
}

interface ShadowFieldReport {
  field: string;
  /** Comparisons where primary and candidate differed in this field. */
  count: number;
  /** Comparisons where the primary differed from itself in this field. */
  noise: number;
  examples: { primary: unknown; candidate: unknown }[];
}

export interface ShadowOperationReport {
  operation: string;
  request: string;
  primary: string;
  candidate: string;
  /** Requests compared (primary, primary again, candidate all answered). */
  requests: number;
  identical: number;
  different: number;
  errors: number;
  dropped: number;
  /** Fields that differ beyond the noise, most frequent first. */
  differences: ShadowFieldReport[];
  /** Fields that differ between two answers of the primary too (subtracted). */
  noise: { field: string; count: number }[];
}

export interface ShadowReport {
  generatedAt: string;
  operations: ShadowOperationReport[];
}

/** Is a field a real difference? Diffy: its raw differences are not (mostly) explained by the primary's own noise. */
function isSignal(stats: FieldStats): boolean {
  const real = stats.raw - stats.noise;
  return real > 0 && real / stats.raw >= RELATIVE_THRESHOLD;
}

/**
 * An example value for the report: redacted when the field's name or the value may carry a secret or personal data
 * (an e-mail address, a token, a code… — the rule of redact.ts), shortened when long.
 */
function example(field: FieldPath, value: unknown): unknown {
  const name =
    field
      .split(/[.[\]]/)
      .filter(Boolean)
      .at(-1) ?? field;
  if (value !== undefined && isSecretParam(name, typeof value === 'string' ? value : '')) return REDACTED;
  const text = JSON.stringify(value);
  return text !== undefined && text.length > 200 ? `${text.slice(0, 200)}…` : value;
}

export interface ShadowReadsOptions {
  rules: ReadonlyMap<string, ShadowRule>;
  maxConcurrent: number;
  backends: ReadonlyMap<string, Backend>;
  metrics: BffMetrics;
  logger: Logger;
  random?: () => number;
  /**
   * The identity bridge's headers for a call to a backend (router.ts): a member's read is shadowed as that member on
   * both sides, each with an assertion of its own request.
   */
  identityHeaders?: (backend: string, request: BackendRequest) => Promise<OutgoingHttpHeaders>;
}

export class ShadowReads {
  private inFlight = 0;
  private readonly stats = new Map<string, OperationStats>();
  private readonly pending = new Set<Promise<void>>();
  private readonly random: () => number;

  constructor(private readonly options: ShadowReadsOptions) {
    this.random = options.random ?? Math.random;
  }

  /** The rule for a request, when it is to be shadowed this time (GET only, sampled). */
  ruleFor(request: BackendRequest): ShadowRule | undefined {
    if (request.shadow || request.method.toUpperCase() !== 'GET') return undefined;
    const rule = this.options.rules.get(`GET ${request.path.replace(/[?#].*$/s, '')}`);
    if (!rule || (rule.sample < 1 && this.random() >= rule.sample)) return undefined;
    return rule;
  }

  /**
   * Hands the primary's answer to the caller unchanged and keeps a copy of its body; when the body has been read to
   * its end, the comparison starts in the background.
   */
  tee(response: IncomingMessage, request: BackendRequest, primary: string, rule: ShadowRule): IncomingMessage {
    const copy = new PassThrough();
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    response.on('data', (chunk: Buffer) => {
      if (tooLarge) return;
      size += chunk.length;
      if (size > MAX_BODY) {
        tooLarge = true;
        chunks.length = 0;
      } else chunks.push(chunk);
    });
    response.once('end', () => {
      if (tooLarge) return;
      const answer = { status: response.statusCode ?? 0, body: Buffer.concat(chunks) };
      setImmediate(() => this.compare(request, primary, rule, answer));
    });
    response.once('error', (error) => copy.destroy(error));
    copy.once('close', () => {
      if (!response.readableEnded) response.destroy();
    });
    response.pipe(copy);
    return Object.assign(copy, {
      statusCode: response.statusCode,
      statusMessage: response.statusMessage,
      headers: response.headers,
      rawHeaders: response.rawHeaders,
    }) as unknown as IncomingMessage;
  }

  private statsOf(request: BackendRequest, primary: string, candidate: string): OperationStats {
    const key = `GET ${request.path.replace(/[?#].*$/s, '')}`;
    let stats = this.stats.get(key);
    if (!stats) {
      stats = {
        operation: operationNameOf('GET', request.path),
        request: key,
        primary,
        candidate,
        compared: 0,
        identical: 0,
        different: 0,
        errors: 0,
        dropped: 0,
        fields: new Map(),
      };
      this.stats.set(key, stats);
    }
    return stats;
  }

  private compare(request: BackendRequest, primaryName: string, rule: ShadowRule, first: ShadowAnswer): void {
    const stats = this.statsOf(request, primaryName, rule.candidate);
    const labels = { operation: stats.operation, candidate: rule.candidate };
    const primary = this.options.backends.get(primaryName);
    const candidate = this.options.backends.get(rule.candidate);
    if (!primary || !candidate) return;
    if (this.inFlight >= this.options.maxConcurrent || candidate.breakerState() !== 0) {
      stats.dropped += 1;
      this.options.metrics.shadow({ ...labels, result: 'dropped' });
      return;
    }
    this.inFlight += 1;
    const job = (async () => {
      try {
        const headers = { ...request.headers, 'x-request-id': `${String(request.headers['x-request-id'] ?? '')}-shadow` };
        const shadowRequest: BackendRequest = {
          method: 'GET',
          path: request.path,
          headers,
          shadow: true,
          noRetry: true,
          deadlineMs: SHADOW_DEADLINE_MS,
        };
        const as = async (name: string): Promise<BackendRequest> => {
          const identity = (await this.options.identityHeaders?.(name, shadowRequest)) ?? {};
          return Object.keys(identity).length > 0 ? { ...shadowRequest, headers: { ...headers, ...identity } } : shadowRequest;
        };
        const [again, other] = await Promise.all([
          as(primaryName).then((r) => fetchAnswer(primary, r)),
          as(rule.candidate).then((r) => fetchAnswer(candidate, r)),
        ]);
        const raw = differingFields(first, other);
        const noise = differingFields(first, again);
        stats.compared += 1;
        for (const field of new Set([...raw.keys(), ...noise.keys()])) {
          // Answers with ids as object keys would grow the table without end: past MAX_FIELDS, one bucket.
          const key = stats.fields.has(field) || stats.fields.size < MAX_FIELDS ? field : OTHER_FIELDS;
          let field_ = stats.fields.get(key);
          if (!field_) {
            field_ = { raw: 0, noise: 0, examples: [] };
            stats.fields.set(key, field_);
          }
          if (noise.has(field)) field_.noise += 1;
          const pair = raw.get(field);
          if (pair) {
            field_.raw += 1;
            if (field_.examples.length < MAX_EXAMPLES)
              field_.examples.push({ primary: example(field, pair[0]), candidate: example(field, pair[1]) });
          }
        }
        const real = [...raw.keys()].filter((field) => !noise.has(field));
        if (real.length === 0) {
          stats.identical += 1;
          this.options.metrics.shadow({ ...labels, result: 'identical' });
        } else {
          stats.different += 1;
          this.options.metrics.shadow({ ...labels, result: 'different' });
          this.options.metrics.shadowDifferences(labels, real.length);
        }
      } catch (error) {
        stats.errors += 1;
        this.options.metrics.shadow({ ...labels, result: 'error' });
        this.options.logger.debug({ operation: stats.operation, candidate: rule.candidate, err: error }, 'shadow read failed');
      } finally {
        this.inFlight -= 1;
      }
    })();
    this.pending.add(job);
    void job.finally(() => this.pending.delete(job));
  }

  /** Resolves when every running comparison has finished (tests, shutdown). */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }

  report(): ShadowReport {
    const operations = [...this.stats.values()].map((s): ShadowOperationReport => {
      const fields = [...s.fields.entries()];
      return {
        operation: s.operation,
        request: s.request,
        primary: s.primary,
        candidate: s.candidate,
        requests: s.compared,
        identical: s.identical,
        different: s.different,
        errors: s.errors,
        dropped: s.dropped,
        differences: fields
          .filter(([, f]) => isSignal(f))
          .map(([field, f]) => ({ field, count: f.raw, noise: f.noise, examples: f.examples }))
          .sort((a, b) => b.count - a.count || a.field.localeCompare(b.field)),
        noise: fields
          .filter(([, f]) => f.noise > 0)
          .map(([field, f]) => ({ field, count: f.noise }))
          .sort((a, b) => b.count - a.count || a.field.localeCompare(b.field)),
      };
    });
    return { generatedAt: new Date().toISOString(), operations: operations.sort((a, b) => a.request.localeCompare(b.request)) };
  }
}

async function fetchAnswer(backend: Backend, request: BackendRequest): Promise<ShadowAnswer> {
  const { response } = await backend.send(request);
  const body = await readBody(response, MAX_BODY);
  return { status: response.statusCode ?? 0, body };
}
