/** What logProcessWarnings needs of a logger (pino's warn). */
interface WarnLogger {
  warn(obj: object, msg: string): void;
}

/**
 * Sends Node's process warnings (deprecations of a dependency's calls, a listener count over its limit) through the
 * process's JSON logger instead of Node's own text lines on stderr, which a log collector reading JSON lines cannot
 * parse. Node prints them through a listener of its own on `warning`; that one is replaced. Each code is logged once
 * (Node itself warns once per deprecation, but not for every kind of warning).
 */
export function logProcessWarnings(logger: WarnLogger): void {
  const seen = new Set<string>();
  process.removeAllListeners('warning');
  process.on('warning', (warning: Error & { code?: string }) => {
    const key = warning.code ?? `${warning.name}: ${warning.message}`;
    if (seen.has(key)) return;
    if (seen.size < 100) seen.add(key);
    logger.warn({ warning: { name: warning.name, code: warning.code, message: warning.message } }, 'process warning');
  });
}
