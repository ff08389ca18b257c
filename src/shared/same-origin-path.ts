/** An origin no real URL has, to resolve relative values against. */
const BASE_ORIGIN = 'http://same-origin.invalid';

/** Resolves `value` against an origin of its own; null unless it stays on that origin. */
function sameOriginUrl(value: string): URL | null {
  try {
    const parsed = new URL(value, BASE_ORIGIN);
    return parsed.origin === BASE_ORIGIN ? parsed : null;
  } catch {
    return null;
  }
}

/**
 * The same-origin path (pathname, search and hash) that `value` leads to, or null. Decided by parsing, as a browser
 * would: the value is resolved against an origin of its own and must stay on it, and the normalised path is parsed
 * once more, so one that a browser would read as another host (`/.//evil.example` normalises to `//evil.example`) is
 * refused too. Backslashes and control characters (a tab or newline, which parsers drop or turn into slashes, so
 * `/\t/evil.example` would become `//evil.example`) are refused outright. Used for every redirect target we accept.
 */
export function sameOriginPath(value: string): string | null {
  // eslint-disable-next-line no-control-regex
  if (value === '' || /[\u0000-\u001f\u007f-\u009f\\]/.test(value)) return null;
  const parsed = sameOriginUrl(value);
  if (!parsed) return null;
  const path = `${parsed.pathname}${parsed.search}${parsed.hash}`;
  return sameOriginUrl(path) ? path : null;
}
