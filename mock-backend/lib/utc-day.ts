/** Seconds from `now` until the next UTC calendar day begins (at least 1): the `Retry-After` of a daily limit. */
export function secondsToNextUtcDay(now: Date = new Date()): number {
  const next = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  return Math.max(1, Math.ceil((next - now.getTime()) / 1000));
}
