/**
 * How the contract's operations use the session, read from an already parsed openapi.yaml — one reading for the BFF
 * (which calls need a login, which answers are a member's) and the backend (the Cache-Control of a member's answers).
 * Every operation is named `"METHOD /api/<path>"`: the spec's `servers` url prefixed, query and fragment dropped.
 */

export const CONTRACT_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

type Json = Record<string, unknown>;

export function isJsonObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `/api` from `servers: [{ url: /api }]` (an absolute server URL contributes its path); '' when absent. */
export function contractBasePath(spec: Json): string {
  const servers = spec.servers;
  const url = Array.isArray(servers) && isJsonObject(servers[0]) && typeof servers[0].url === 'string' ? servers[0].url : '';
  const path = URL.canParse(url) ? new URL(url).pathname : url;
  return path.replace(/\/+$/, '');
}

/** The key for a request: `"POST /api/complaints.php"` (query and fragment dropped). */
export function operationKey(method: string, path: string): string {
  return `${method.toUpperCase()} ${path.replace(/[?#].*$/s, '')}`;
}

/** How an operation uses the session: it needs a login, or it answers visitors too but differently with a session. */
export type SessionUse = 'required' | 'optional';

/** The names of the document's session schemes: its security schemes that are an apiKey in a cookie. */
function sessionSchemesOf(spec: Json): Set<string> {
  const schemes = isJsonObject(spec.components) && isJsonObject(spec.components.securitySchemes) ? spec.components.securitySchemes : {};
  return new Set(
    Object.entries(schemes)
      .filter(([, scheme]) => isJsonObject(scheme) && scheme.type === 'apiKey' && scheme.in === 'cookie')
      .map(([name]) => name),
  );
}

/**
 * The operations of an already parsed OpenAPI document that use the session, by their security (the operation's, else
 * the document's): `[{cookieAuth: []}]` — every alternative names the session scheme — is `required`;
 * `[{}, {cookieAuth: []}]` — a visitor is served too, one with a session otherwise — is `optional`; `[]`, none or no
 * session scheme is anonymous and left out.
 */
export function contractLoginOperationsOf(spec: unknown): Map<string, SessionUse> {
  const result = new Map<string, SessionUse>();
  if (!isJsonObject(spec) || !isJsonObject(spec.paths)) return result;
  const session = sessionSchemesOf(spec);
  const usesSession = (requirement: unknown) => isJsonObject(requirement) && Object.keys(requirement).some((name) => session.has(name));
  const base = contractBasePath(spec);
  for (const [path, item] of Object.entries(spec.paths)) {
    if (!isJsonObject(item)) continue;
    for (const method of CONTRACT_METHODS) {
      const operation = item[method];
      if (!isJsonObject(operation)) continue;
      const security = Array.isArray(operation.security) ? operation.security : Array.isArray(spec.security) ? spec.security : [];
      if (!security.some(usesSession)) continue;
      result.set(operationKey(method, `${base}${path}`), security.every(usesSession) ? 'required' : 'optional');
    }
  }
  return result;
}
