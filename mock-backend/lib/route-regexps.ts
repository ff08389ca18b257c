import { createRequire } from 'node:module';

type PathToRegexp = (path: unknown, options?: Record<string, unknown>) => { regexp: RegExp; keys: unknown[] };

/** Contract paths × the options the validator passes: 73 paths today; past this the memo starts again. */
const MAX_ENTRIES = 2_000;

let installed = false;

/**
 * express-openapi-validator finds a request's route by walking the contract's paths in order and turning each one into
 * a regular expression (path-to-regexp's `pathToRegexp`) on every request, until one matches: `message.php`, the most
 * frequent write, is the 25th of 73, so every send parsed 25 paths again (about 0.15 ms of CPU, 2–3 % of the
 * backend's share of a chat message). The expressions depend only on the path and two flags, so this memoises that
 * one function for string paths (a RegExp without the g or y flag keeps no state between exec calls, so one object
 * serves every request). It wraps path-to-regexp's export, which the validator calls through the module's exports,
 * and leaves it as it is when a later version no longer has it there: the validator then works as before, only
 * slower. Express's router uses the module's `match`, which calls its own unwrapped function.
 */
export function memoizeRouteRegexps(): void {
  if (installed) return;
  installed = true;
  let lib: { pathToRegexp?: PathToRegexp };
  try {
    const validator = createRequire(import.meta.url).resolve('express-openapi-validator');
    lib = createRequire(validator)('path-to-regexp') as typeof lib;
  } catch {
    return;
  }
  const compile = lib.pathToRegexp;
  if (typeof compile !== 'function') return;
  const memo = new Map<string, ReturnType<PathToRegexp>>();
  lib.pathToRegexp = (path, options) => {
    if (typeof path !== 'string') return compile(path, options);
    const key = `${options ? JSON.stringify(options) : ''}\u0000${path}`;
    let hit = memo.get(key);
    if (!hit) {
      if (memo.size >= MAX_ENTRIES) memo.clear();
      hit = compile(path, options);
      memo.set(key, hit);
    }
    return hit;
  };
}
