import { createRequire } from 'node:module';
import type { NextFunction, Request, Response } from 'express';

type Middleware = (req: Request, res: Response, next: NextFunction) => unknown;
/** What the validator's metadata middleware puts on a request whose route it found. */
interface RouteMetadata {
  schema?: unknown;
  pathParams?: Record<string, string>;
  [key: string]: unknown;
}
interface ValidatorClass {
  prototype: { metadataMiddleware?: (this: unknown, ...args: unknown[]) => Middleware };
}

/**
 * Method and path pairs remembered per validator at most: the contract's 73 paths with their methods, and room for
 * the same paths in other letter cases (routing ignores case); past it, a new pair is looked up every time.
 */
const MAX_ENTRIES = 1_000;

let installed = false;

/**
 * express-openapi-validator finds a request's route by walking the contract's paths in order on every request, each
 * one turned into a regular expression and tried, until one matches: `message.php`, the most frequent write, is the
 * 25th of 73 paths and `members.php` the 10th, about 0.15 ms of CPU per request. The contract's paths have no
 * parameters, so a method and path that matched once always match the same route with no path parameters: this
 * remembers what the validator found for them (the route, its operation's schema) and gives later requests the same,
 * without the walk. Only found routes are remembered; a path that matched nothing, a method the path does not have
 * (405) and a route with path parameters go through the validator's own lookup every time. Everything after the
 * lookup — the parameters, the body and the formats — is validated for every request as before.
 *
 * It wraps the validator's `metadataMiddleware` (the method that makes this middleware, on its exported class), and
 * leaves it as it is when a later version no longer has it: the validator then works as before, only slower.
 */
export function memoizeRouteLookups(): void {
  if (installed) return;
  installed = true;
  let lib: { OpenApiValidator?: ValidatorClass };
  try {
    const require = createRequire(import.meta.url);
    lib = require(require.resolve('express-openapi-validator/dist/openapi.validator.js')) as typeof lib;
  } catch {
    return;
  }
  const proto = lib.OpenApiValidator?.prototype;
  const make = proto?.metadataMiddleware;
  if (!proto || typeof make !== 'function') return;
  proto.metadataMiddleware = function (this: unknown, ...args: unknown[]): Middleware {
    const lookup = make.apply(this, args);
    const found = new Map<string, RouteMetadata>();
    return (req, res, next) => {
      // The path the validator matches: the original URL's, without the query.
      const url = req.originalUrl;
      const query = url.indexOf('?');
      const key = `${req.method} ${query < 0 ? url : url.slice(0, query)}`;
      const known = found.get(key);
      if (known) {
        (req as Request & { openapi?: RouteMetadata }).openapi = { ...known, pathParams: {} };
        req.params = {};
        next();
        return;
      }
      return lookup(req, res, (error?: unknown) => {
        const metadata = (req as Request & { openapi?: RouteMetadata }).openapi;
        const params = metadata?.pathParams;
        if (error === undefined && metadata?.schema && params && Object.keys(params).length === 0 && found.size < MAX_ENTRIES)
          found.set(key, { ...metadata });
        next(error as Error | undefined);
      });
    };
  };
}
