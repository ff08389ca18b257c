import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { memoizeRouteRegexps } from './route-regexps';

describe('the contract validator’s route expressions, memoised', () => {
  const lib = () => {
    const validator = createRequire(import.meta.url).resolve('express-openapi-validator');
    return createRequire(validator)('path-to-regexp') as {
      pathToRegexp: (path: unknown, options?: object) => { regexp: RegExp; keys: { name: string }[] };
    };
  };

  it('When the validator asks for a path’s expression again, then it gets the one made before, which still matches and names its parameters', () => {
    memoizeRouteRegexps();
    const { pathToRegexp } = lib();
    const first = pathToRegexp('/api/photos/:id.php', { sensitive: false, strict: false });
    expect(pathToRegexp('/api/photos/:id.php', { sensitive: false, strict: false })).toBe(first);
    expect(first.regexp.exec('/api/photos/12.php')?.[1]).toBe('12');
    expect(first.keys.map((k) => k.name)).toEqual(['id']);
    expect(first.regexp.exec('/api/photos/13.php')?.[1]).toBe('13');
  });

  it('When the options differ, then the expression is another one (case-sensitive routing matches differently)', () => {
    memoizeRouteRegexps();
    const { pathToRegexp } = lib();
    const loose = pathToRegexp('/api/Message.php', { sensitive: false, strict: false });
    const sensitive = pathToRegexp('/api/Message.php', { sensitive: true, strict: false });
    expect(sensitive).not.toBe(loose);
    expect(loose.regexp.test('/api/message.php')).toBe(true);
    expect(sensitive.regexp.test('/api/message.php')).toBe(false);
  });
});
