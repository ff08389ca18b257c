import { readFileSync } from 'node:fs';
import { load as parse } from 'js-yaml';
import { z } from 'zod';
import { isEmbeddedOperation } from '../shared/embedded-operations';
import { contractLoginOperations, contractOperationIds, operationKey } from './idempotent-operations';

/**
 * The routing table (`ROUTES_FILE`, YAML or JSON): which backend answers each `/api/*.php` operation, which backend
 * serves `/media/*`, and which reads are shadowed to a candidate backend. Changing a route is an edit of this file and
 * a restart — no code change. Without a file the BFF has one backend: `BACKEND_URL`, or the embedded TypeScript
 * backend when that is unset.
 *
 * ```yaml
 * backends:
 *   legacy: https://legacy.example.com          # a PHP service (or any URL)
 *   embedded: embedded                          # the embedded TypeScript backend, started by the BFF
 *   next: { url: https://next.example.com, send_secret: false, attempt_timeout_ms: 3000, deadline_ms: 8000 }
 * default: legacy                               # every /api/*.php call no route names
 * media: embedded                               # /media/* (photos); default: the default backend
 * routes:
 *   listMembers: embedded                       # an operationId of openapi.yaml
 *   PUT /api/user.php: legacy                   # a method and a path
 *   /api/profile.php: embedded                  # a path, any method
 * shadow:
 *   max_concurrent: 4                           # shadow reads in flight at most (more are dropped, and counted)
 *   operations:
 *     getProfile: { candidate: embedded, sample: 0.5 }
 * session_bridge:                               # members' sessions live on legacy (login is there): the BFF tells
 *   backend: legacy                             # other backends who is asking (identity-bridge.ts)
 *   cookie: PHPSESSID                           # legacy's session cookie (default PHPSESSID)
 *   cache_seconds: 20                           # how long one session's answer is remembered (1–300)
 * ```
 * Route keys resolve most specific first: `METHOD path`, then the path, then the default.
 */

const EMBEDDED = 'embedded';
const API_PATH = /^\/api\/[a-z0-9]+(?:[-_][a-z0-9]+)*\.php$/;
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
/** GETs that change state (logout; an automatic like): never shadowed, whatever the file says. */
const SIDE_EFFECT_GETS: ReadonlySet<string> = new Set(['/api/logout.php', '/api/auto-like.php']);

const backendName = z.string().regex(/^[a-z][a-z0-9_-]{0,39}$/, 'backend names are lower-case letters, digits, _ and -');
const backendUrl = z
  .string()
  .trim()
  .refine((v) => v === EMBEDDED || (URL.canParse(v) && /^https?:$/.test(new URL(v).protocol)), {
    message: `a backend is an http(s) URL or "${EMBEDDED}"`,
  });
const backendSpec = z.union([
  backendUrl,
  z
    .object({
      url: backendUrl,
      send_secret: z.boolean().optional(),
      attempt_timeout_ms: z.number().int().min(50).max(120_000).optional(),
      deadline_ms: z.number().int().min(50).max(300_000).optional(),
    })
    .strict(),
]);

const sessionBridgeSchema = z
  .object({
    backend: backendName,
    cookie: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,64}$/, 'a cookie name is letters, digits, _ and -')
      .default('PHPSESSID'),
    cache_seconds: z.number().int().min(1).max(300).default(20),
  })
  .strict();

const shadowRuleSchema = z.object({ candidate: backendName, sample: z.number().min(0).max(1).default(1) }).strict();

const fileSchema = z
  .object({
    backends: z.record(backendName, backendSpec).refine((b) => Object.keys(b).length > 0, { message: 'name at least one backend' }),
    default: backendName,
    media: backendName.optional(),
    routes: z.record(z.string(), backendName).default({}),
    shadow: z
      .object({
        max_concurrent: z.number().int().min(1).max(64).default(4),
        operations: z.record(z.string(), shadowRuleSchema),
      })
      .strict()
      .optional(),
    session_bridge: sessionBridgeSchema.optional(),
  })
  .strict();

interface BackendTarget {
  name: string;
  /** An absolute URL, or `embedded` until resolved. */
  url: string;
  sendSecret: boolean;
  /**
   * How its answers read: `contract` (the embedded backend of this repository) as openapi.yaml says, `specification`
   * (any other URL: a PHP service, or a backend of this repository run apart) through the anti-corruption layer
   * (legacy-dialect.ts), which also passes the contract's own shape.
   */
  dialect: 'contract' | 'specification';
  /** The secret of this backend alone (the embedded backend's, possibly generated per start); else BACKEND_SECRET. */
  secret?: string | undefined;
  attemptTimeoutMs?: number | undefined;
  deadlineMs?: number | undefined;
}

export interface ShadowRule {
  candidate: string;
  /** Share of requests shadowed (0–1). */
  sample: number;
}

export interface RoutingPlan {
  backends: Map<string, BackendTarget>;
  defaultBackend: string;
  mediaBackend: string;
  /** `"GET /api/x.php"` or `"/api/x.php"` → backend name. */
  routes: Map<string, string>;
  /** `"GET /api/x.php"` → candidate. */
  shadow: Map<string, ShadowRule>;
  shadowMaxConcurrent: number;
  /** Where members' sessions live while login is there, and its cookie (identity-bridge.ts); none without the section. */
  sessionBridge?: { backend: string; cookie: string; cacheSeconds: number } | undefined;
}

export class RoutingError extends Error {
  constructor(readonly issues: string[]) {
    super(`Invalid routing table:\n${issues.map((i) => `  - ${i}`).join('\n')}`);
    this.name = 'RoutingError';
  }
}

/** `listMembers` → `GET /api/members.php`; `PUT /api/user.php` and `/api/x.php` as they are; otherwise an error text. */
function routeKey(key: string, ids: ReadonlyMap<string, string>): string | { error: string } {
  const trimmed = key.trim();
  const spaced = /^([A-Za-z]+)\s+(\S+)$/.exec(trimmed);
  if (spaced) {
    const method = spaced[1]!.toUpperCase();
    const path = spaced[2]!;
    if (!METHODS.has(method)) return { error: `"${key}": unknown method ${method}` };
    if (!API_PATH.test(path)) return { error: `"${key}": the path must be /api/<name>.php` };
    return operationKey(method, path);
  }
  if (trimmed.startsWith('/')) return API_PATH.test(trimmed) ? trimmed : { error: `"${key}": the path must be /api/<name>.php` };
  for (const [operation, id] of ids) if (id === trimmed) return operation;
  return { error: `"${key}" is no operationId of openapi.yaml, no "METHOD /api/<name>.php" and no "/api/<name>.php"` };
}

type RoutingFile = z.infer<typeof fileSchema>;

const recordOf = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/**
 * What of a document that failed the schema can still be checked against the contract: the valid backends, the
 * string routes and the valid shadow rules, so that one schema error does not hide the file's other errors.
 */
function lenientFile(document: unknown): RoutingFile {
  const d = recordOf(document);
  const backends: RoutingFile['backends'] = {};
  for (const [name, spec] of Object.entries(recordOf(d.backends))) {
    const parsed = backendSpec.safeParse(spec);
    if (parsed.success) backends[name] = parsed.data;
  }
  const routes = Object.fromEntries(
    Object.entries(recordOf(d.routes)).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
  const operations: Record<string, { candidate: string; sample: number }> = {};
  for (const [key, rule] of Object.entries(recordOf(recordOf(d.shadow).operations))) {
    const parsed = shadowRuleSchema.safeParse(rule);
    if (parsed.success) operations[key] = parsed.data;
  }
  const bridge = sessionBridgeSchema.safeParse(d.session_bridge);
  return {
    backends,
    default: typeof d.default === 'string' ? d.default : '',
    media: typeof d.media === 'string' ? d.media : undefined,
    routes,
    shadow: { max_concurrent: 4, operations },
    session_bridge: bridge.success ? bridge.data : undefined,
  };
}

/** Validates a parsed routing document against the contract's operations; every error of the file at once. */
export function routingPlanOf(document: unknown, ids: ReadonlyMap<string, string> = contractOperationIds()): RoutingPlan {
  const parsed = fileSchema.safeParse(document);
  const issues: string[] = parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.') || '(file)'}: ${i.message}`);
  const file = parsed.success ? parsed.data : lenientFile(document);
  // Names declared under backends (valid or not): a reference to one whose entry has a schema error is not a second error.
  const declared = new Set(Object.keys(recordOf(recordOf(document).backends)));
  const backends = new Map<string, BackendTarget>();
  for (const [name, spec] of Object.entries(file.backends)) {
    const url = (typeof spec === 'string' ? spec : spec.url).replace(/\/+$/, '');
    const explicit = typeof spec === 'string' ? undefined : spec.send_secret;
    // The PHP service holding members' sessions gets no BACKEND_SECRET unless the file says so (which sessionIssues
    // refuses): whoever reads its request headers could otherwise name visitors' addresses to the other backends.
    const sessions = file.session_bridge?.backend === name;
    if (sessions && explicit === true) {
      issues.push(
        `backends.${name}.send_secret: the session bridge's backend must not receive BACKEND_SECRET (whoever reads its request headers could name visitors' addresses to the other backends); remove send_secret`,
      );
    }
    backends.set(name, {
      name,
      url,
      sendSecret: explicit ?? !sessions,
      dialect: url === EMBEDDED ? 'contract' : 'specification',
      ...(typeof spec === 'string' ? {} : { attemptTimeoutMs: spec.attempt_timeout_ms, deadlineMs: spec.deadline_ms }),
    });
  }
  const known = (name: string, where: string) => {
    if (!backends.has(name) && !declared.has(name)) issues.push(`${where}: no backend named "${name}" under backends`);
  };
  if (parsed.success || file.default !== '') known(file.default, 'default');
  if (file.media) known(file.media, 'media');
  // The embedded backend answers only what it implements (EMBEDDED_OPERATIONS, the list its handlers are typed by):
  // an operation routed or shadowed to it that it does not implement would answer 404 to every member.
  const implemented = (resolved: string, name: string, where: string) => {
    if (backends.get(name)?.url !== EMBEDDED) return;
    const covered = [...ids].filter(([operation]) => operation === resolved || operation.endsWith(` ${resolved}`));
    for (const [operation, id] of covered) {
      if (!isEmbeddedOperation(id)) issues.push(`${where}: the embedded backend does not implement ${id} (${operation}) yet`);
    }
  };
  const routes = new Map<string, string>();
  for (const [key, name] of Object.entries(file.routes)) {
    const resolved = routeKey(key, ids);
    if (typeof resolved !== 'string') issues.push(`routes: ${resolved.error}`);
    else {
      known(name, `routes."${key}"`);
      implemented(resolved, name, `routes."${key}"`);
      routes.set(resolved, name);
    }
  }
  const shadow = new Map<string, ShadowRule>();
  for (const [key, rule] of Object.entries(file.shadow?.operations ?? {})) {
    const resolved = routeKey(key, ids);
    if (typeof resolved !== 'string') {
      issues.push(`shadow.operations: ${resolved.error}`);
      continue;
    }
    if (!resolved.startsWith('GET ')) {
      issues.push(`shadow.operations."${key}": only reads (GET) are shadowed; name one as "GET /api/<name>.php" or by its operationId`);
      continue;
    }
    if (SIDE_EFFECT_GETS.has(resolved.slice(4))) {
      issues.push(`shadow.operations."${key}": ${resolved} changes state and is never shadowed`);
      continue;
    }
    known(rule.candidate, `shadow.operations."${key}".candidate`);
    implemented(resolved, rule.candidate, `shadow.operations."${key}".candidate`);
    shadow.set(resolved, { candidate: rule.candidate, sample: rule.sample });
  }
  if (file.session_bridge) {
    known(file.session_bridge.backend, 'session_bridge.backend');
    if (backends.get(file.session_bridge.backend)?.url === EMBEDDED) {
      issues.push('session_bridge.backend: the embedded backend holds no PHP sessions; name the PHP service where members log in today');
    }
  }
  const plan: RoutingPlan = {
    backends,
    defaultBackend: file.default,
    mediaBackend: file.media ?? file.default,
    routes,
    shadow,
    shadowMaxConcurrent: file.shadow?.max_concurrent ?? 4,
    sessionBridge: file.session_bridge
      ? { backend: file.session_bridge.backend, cookie: file.session_bridge.cookie, cacheSeconds: file.session_bridge.cache_seconds }
      : undefined,
  };
  if (issues.length > 0) throw new RoutingError(issues);
  return plan;
}

/** The session's own operations: they follow login to whichever backend holds the members' sessions. */
const SESSION_OPERATIONS = ['POST /api/user.php', 'GET /api/user.php', 'PUT /api/user.php', 'GET /api/logout.php', 'POST /api/logout.php'];
/** Where new members are made: with login, or ids would be handed out by two backends. */
const SIGNUP_OPERATIONS = ['POST /api/signup.php'];

/**
 * What a routing table must not do with members' sessions, each named with what to change. Login (`postUser`) is
 * on one backend, L. Then:
 * - the session's own operations (who am I, language, logout) and signup are on L too;
 * - an operation that needs a login (the contract's security) and is routed to another backend than L works only
 *   when L's sessions reach it: `session_bridge.backend` is L. With login moved to the new backend, the bridge still
 *   names the PHP service (members who have not logged in again keep their PHP session until it ends), and every
 *   operation that needs a login must have moved with it: a member who logged in on the new backend has no PHP
 *   session, so an operation left on the PHP service would answer him 403.
 */
export function sessionIssues(
  plan: RoutingPlan,
  login: ReadonlyMap<string, 'required' | 'optional'>,
  ids: ReadonlyMap<string, string> = contractOperationIds(),
): string[] {
  const issues: string[] = [];
  const loginBackend = routeOf(plan, 'POST', '/api/user.php');
  const bridge = plan.sessionBridge?.backend;
  for (const key of [...SESSION_OPERATIONS, ...SIGNUP_OPERATIONS]) {
    if (!ids.has(key) || key === 'POST /api/user.php') continue;
    const [method = 'GET', path = ''] = key.split(' ');
    const at = routeOf(plan, method, path);
    if (at !== loginBackend) {
      issues.push(
        `routes: ${key} goes to "${at}" but login (POST /api/user.php) to "${loginBackend}": the session's own operations and signup go where login goes`,
      );
    }
  }
  const strays: string[] = [];
  for (const [key, use] of login) {
    const [method = 'GET', path = ''] = key.split(' ');
    const at = routeOf(plan, method, path);
    if (at === loginBackend || use !== 'required') continue;
    if (bridge === loginBackend) continue;
    strays.push(`${key} → "${at}"`);
  }
  if (strays.length > 0) {
    const why =
      bridge === undefined
        ? `route them to "${loginBackend}" (where login is), or, while login is on the PHP service, add session_bridge: { backend: ${loginBackend} } so those backends learn who is asking`
        : `the session bridge comes from "${bridge}", but members log in on "${loginBackend}" and hold no session there: route them to "${loginBackend}" too`;
    issues.push(
      `routes: ${strays.length} operation(s) that need a login are not where login is (${strays.slice(0, 5).join(', ')}${strays.length > 5 ? ', …' : ''}): ${why}`,
    );
  }
  return issues;
}

/**
 * Reads and validates `ROUTES_FILE` as the BFF does at start: its form against the contract (routingPlanOf), then
 * what it would do to members' sessions (sessionIssues).
 */
export function loadRoutingFile(
  path: string,
  ids: ReadonlyMap<string, string> = contractOperationIds(),
  login: ReadonlyMap<string, 'required' | 'optional'> = contractLoginOperations(),
): RoutingPlan {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new RoutingError([`cannot read ROUTES_FILE ${path}: ${error instanceof Error ? error.message : String(error)}`]);
  }
  let document: unknown;
  try {
    document = parse(text);
  } catch (error) {
    throw new RoutingError([`ROUTES_FILE ${path} is not YAML/JSON: ${error instanceof Error ? error.message : String(error)}`]);
  }
  const plan = routingPlanOf(document, ids);
  const issues = sessionIssues(plan, login, ids);
  if (issues.length > 0) throw new RoutingError(issues);
  return plan;
}

/** The plan without a routing file: one backend (`BACKEND_URL`, or the embedded one). */
export function singleBackendPlan(backendUrl: string | undefined): RoutingPlan {
  const url = backendUrl ?? EMBEDDED;
  const target: BackendTarget = { name: 'default', url, sendSecret: true, dialect: url === EMBEDDED ? 'contract' : 'specification' };
  return {
    backends: new Map([['default', target]]),
    defaultBackend: 'default',
    mediaBackend: 'default',
    routes: new Map(),
    shadow: new Map(),
    shadowMaxConcurrent: 4,
  };
}

export function needsEmbedded(plan: RoutingPlan): boolean {
  return [...plan.backends.values()].some((b) => b.url === EMBEDDED);
}

/** Replaces `embedded` by the embedded backend's URL (and its secret) once it listens. */
export function resolveEmbedded(plan: RoutingPlan, embeddedUrl: string | undefined, embeddedSecret?: string): RoutingPlan {
  const backends = new Map<string, BackendTarget>();
  for (const [name, target] of plan.backends) {
    if (target.url !== EMBEDDED) backends.set(name, target);
    else if (!embeddedUrl) throw new RoutingError([`backend "${name}" is the embedded backend, which is not running`]);
    else backends.set(name, { ...target, url: embeddedUrl, sendSecret: true, secret: embeddedSecret, dialect: 'contract' });
  }
  return { ...plan, backends };
}

/** The backend name for a request: `METHOD path`, then the path, then the default. */
export function routeOf(plan: Pick<RoutingPlan, 'routes' | 'defaultBackend'>, method: string, path: string): string {
  const key = operationKey(method, path);
  const bare = key.slice(key.indexOf(' ') + 1);
  const asGet = method.toUpperCase() === 'HEAD' ? plan.routes.get(`GET ${bare}`) : undefined;
  return plan.routes.get(key) ?? asGet ?? plan.routes.get(bare) ?? plan.defaultBackend;
}
