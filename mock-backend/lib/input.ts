import type { RequestHandler } from 'express';
import { badRequest } from './errors';

/**
 * The one place that refuses the NUL character (U+0000) in input: PostgreSQL cannot store it in text or jsonb, so a
 * NUL anywhere in a JSON body (values and keys, at any depth), a text body or the query string would otherwise fail
 * deep inside a query as a 500. Runs after the body parsers and before the OpenAPI validator, for every /api call,
 * and answers 400 `bad_request` with the offending field in `params.field`.
 */
export function rejectNulCharacters(): RequestHandler {
  return (req, _res, next) => {
    const inQuery = nulPath(req.query, 'query');
    const body: unknown = req.body;
    const inBody = inQuery ?? nulPath(body, 'body');
    next(inBody ? badRequest({ field: inBody }) : undefined);
  };
}

/**
 * Path (`body.tracking.network`, `query.host`, `body.interests.0`) of the first string holding a NUL (or of a value
 * nested deeper than any body of the contract), or null.
 */
export function nulPath(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (typeof value !== 'object' || value === null) return null;
  // No body of the contract nests this deep; refusing it keeps a pathological nesting from recursing without end.
  if (depth > 32) return path;
  const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
  for (const [key, item] of entries) {
    if (key.includes('\u0000')) return `${path}.${key.replaceAll('\u0000', '\\u0000')}`;
    const found = nulPath(item, `${path}.${key}`, depth + 1);
    if (found) return found;
  }
  return null;
}
