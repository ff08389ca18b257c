import type { RequestHandler } from 'express';
import { operationOf } from './operation-router';
import { contractSchemas, firstSchemaError } from './openapi';

/** An answer the contract does not allow (tests only): the error handler turns it into a 500. */
class ContractBreach extends Error {}

/**
 * The contract check of answers, for tests (createApp's `validateResponses`): the first JSON answer of a route that
 * openapi.yaml documents must be one of that operation's documented answers — its status (or the status's class, or
 * `default`) and the schema of its body — or the request fails with a 500 that names the difference. Runs after
 * the request's operation was found (lib/operation-router.ts), from schemas compiled once per process (lib/openapi.ts).
 */
export function contractResponses(): RequestHandler {
  const schemas = contractSchemas();
  return (req, res, next) => {
    // The route as the contract names it: without the server's path (`/api`).
    if (!operationOf(req)) return next();
    const route = req.path.toLowerCase().slice(schemas.basePath.length);
    const json = res.json.bind(res);
    res.json = (body: unknown) => {
      res.json = json;
      const answer = schemas.answer(route, req.method, res.statusCode);
      let breach: string | undefined;
      if (!answer) breach = 'no such status is documented';
      else if (!answer.body) breach = body === undefined ? undefined : 'must have no body';
      else if (!answer.body(body)) breach = firstSchemaError(answer.body.errors) ?? 'does not match';
      if (breach) throw new ContractBreach(`${req.method} ${schemas.basePath}${route} answered ${res.statusCode}: ${breach}`);
      return json(body);
    };
    next();
  };
}
