/**
 * Why work was cut short by its own deadline, not by a failure: a backend attempt or call of the BFF (`attempt`: one
 * try; `total`: the whole call, or every call of a page) and the renderer's wait for a page's data (`total`).
 */
export class DeadlineError extends Error {
  constructor(
    message: string,
    readonly kind: 'attempt' | 'total' = 'total',
  ) {
    super(message);
    this.name = 'DeadlineError';
  }
}
