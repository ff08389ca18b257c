/**
 * A retry budget per backend (Google SRE book, "Handling Overload": retries at most ~10 % of requests; Finagle's
 * RetryBudget): over a sliding window, retries may reach `ratio` × requests plus a small reserve, so a single failing
 * request can still be retried when traffic is low, while a backend that fails everything sees at most
 * (1 + ratio) × the calls once the reserve is spent — never the 6× of "retry every request 5 times".
 *
 * It lives in the BFF process on purpose: a budget protects the backend from THIS client's amplification (every
 * instance keeps its own 10 %, so N instances together still add at most 10 %); it is not business state and needs
 * no agreement between instances.
 */
export interface RetryBudgetOptions {
  /** Retries allowed per request in the window (0.1 = 10 %). */
  ratio: number;
  /** Retries always allowed per second of window, whatever the traffic (the reserve). */
  minPerSecond: number;
  /** Window length (ms); counts older than this expire. */
  windowMs: number;
}

export const DEFAULT_RETRY_BUDGET: RetryBudgetOptions = { ratio: 0.1, minPerSecond: 1, windowMs: 10_000 };

const BUCKETS = 10;

export class RetryBudget {
  private readonly bucketMs: number;
  private readonly requests = new Array<number>(BUCKETS).fill(0);
  private readonly retries = new Array<number>(BUCKETS).fill(0);
  private current = 0;
  private currentStart: number;

  constructor(
    private readonly options: RetryBudgetOptions = DEFAULT_RETRY_BUDGET,
    private readonly now: () => number = Date.now,
  ) {
    this.bucketMs = Math.max(1, Math.floor(options.windowMs / BUCKETS));
    this.currentStart = now();
  }

  private rotate(): void {
    const now = this.now();
    let steps = Math.floor((now - this.currentStart) / this.bucketMs);
    if (steps <= 0) return;
    steps = Math.min(steps, BUCKETS);
    for (let i = 0; i < steps; i += 1) {
      this.current = (this.current + 1) % BUCKETS;
      this.requests[this.current] = 0;
      this.retries[this.current] = 0;
    }
    this.currentStart = now - ((now - this.currentStart) % this.bucketMs);
  }

  private sum(values: number[]): number {
    return values.reduce((a, b) => a + b, 0);
  }

  /** Counts one request (its first attempt). */
  recordRequest(): void {
    this.rotate();
    this.requests[this.current]! += 1;
  }

  /** Takes one retry from the budget; false (nothing taken) when it is spent. */
  tryRetry(): boolean {
    this.rotate();
    const allowed = this.options.ratio * this.sum(this.requests) + this.options.minPerSecond * (this.options.windowMs / 1000);
    if (this.sum(this.retries) + 1 > allowed) return false;
    this.retries[this.current]! += 1;
    return true;
  }

  /** Requests and retries counted in the window (for tests and the operator's view). */
  snapshot(): { requests: number; retries: number } {
    this.rotate();
    return { requests: this.sum(this.requests), retries: this.sum(this.retries) };
  }
}
