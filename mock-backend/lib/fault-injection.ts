/**
 * Fault injection for the crash tests, never in production: with FAULT_INJECTION=<point> in the environment (and
 * NODE_ENV not `production`) the process kills itself with SIGKILL the first time it reaches that point — as a
 * kill -9, a lost machine or an out-of-memory kill would, with no handler, no flush and no answer. Unset, each point
 * is one comparison.
 *
 * - `idempotency-before-commit`: an idempotent write is made, its answer and the COMMIT (one round trip) not yet sent;
 * - `idempotency-after-commit`: both committed, the answer not sent;
 * - `webhook-after-commit`: a payment webhook's inbox row and its settlement (credits) committed, the provider not
 *   answered (it delivers the event again);
 * - `outbox-after-send`: the SMTP server accepted an outbox mail, the row is not yet marked sent.
 */
export type FaultPoint = 'idempotency-before-commit' | 'idempotency-after-commit' | 'webhook-after-commit' | 'outbox-after-send';

export function faultPoint(name: FaultPoint): void {
  if (process.env.NODE_ENV !== 'production' && process.env.FAULT_INJECTION === name) process.kill(process.pid, 'SIGKILL');
}
