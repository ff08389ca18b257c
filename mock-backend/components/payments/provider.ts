/**
 * THE payment-provider interface of the backend, modelled on Mollie's Payments API: a payment is created with an
 * amount, a method, a redirect URL and a webhook URL, the member pays on the provider's hosted checkout, and the
 * provider calls the webhook whenever the status changes (open → pending → paid | failed | canceled | expired).
 * The webhook only says "look": the receiver verifies it and then fetches the payment from the provider.
 *
 * One implementation ships (simulator-provider.ts, talking HTTP to the PSP simulator); a real PSP is plugged in by
 * writing another implementation of this interface and choosing it by configuration (PSP_URL and keys).
 */

export type ProviderPaymentStatus = 'open' | 'pending' | 'paid' | 'failed' | 'canceled' | 'expired';
type SequenceType = 'oneoff' | 'first' | 'recurring';

export interface ProviderMethod {
  id: string;
  status: 'activated' | 'retired';
}

export interface CreatePaymentInput {
  amountMinor: number;
  currency: string;
  description: string;
  /** The provider's method id (`ideal`, `creditcard`, …) and, for cards, the brand the member chose. */
  method: string;
  brand?: string | undefined;
  issuer?: string | undefined;
  redirectUrl: string;
  webhookUrl: string;
  metadata: Record<string, string | number>;
  sequenceType?: SequenceType;
  mandateId?: string | undefined;
  /** Sent as the provider's Idempotency-Key: a repeated create answers the same payment. */
  idempotencyKey: string;
}

export interface ProviderPayment {
  id: string;
  status: ProviderPaymentStatus;
  amountMinor: number;
  currency: string;
  method: string;
  checkoutUrl: string | null;
  amountRefundedMinor: number;
  amountChargedBackMinor: number;
  mandateId: string | null;
  metadata: Record<string, string | number>;
}

export interface ProviderRefund {
  id: string;
  paymentId: string;
  amountMinor: number;
  status: 'queued' | 'pending' | 'refunded' | 'failed';
}

export interface CreateMandateInput {
  consumerName: string;
  iban: string;
  reference: string;
  signatureDate: string;
  idempotencyKey: string;
}

export interface ProviderMandate {
  id: string;
  status: 'valid' | 'pending' | 'invalid';
  reference: string;
}

/** A webhook that passed verification: who sent it, and which payment to look at. */
export interface VerifiedWebhook {
  eventId: string;
  type: string;
  paymentId: string;
}

/** A webhook that failed verification (bad or missing signature, timestamp outside the tolerance, bad body). */
export class WebhookRejected extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'WebhookRejected';
  }
}

/** The provider could not be reached or answered with an error; the caller may try again later. */
export class ProviderUnavailable extends Error {
  readonly status: number | null;
  constructor(message: string, status: number | null = null, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ProviderUnavailable';
    this.status = status;
  }
}

/** The provider refused the request for good (e.g. a refund of a method that cannot refund). */
export class ProviderRefused extends Error {
  readonly status: number;
  constructor(message: string, status: number) {
    super(message);
    this.name = 'ProviderRefused';
    this.status = status;
  }
}

export interface PaymentProvider {
  readonly name: string;
  listMethods(q: { amountMinor: number; currency: string; country: string }): Promise<ProviderMethod[]>;
  createPayment(input: CreatePaymentInput): Promise<ProviderPayment>;
  getPayment(id: string): Promise<ProviderPayment>;
  cancelPayment(id: string): Promise<ProviderPayment>;
  createRefund(paymentId: string, amount: { amountMinor: number; currency: string }, idempotencyKey: string): Promise<ProviderRefund>;
  createMandate(input: CreateMandateInput): Promise<ProviderMandate>;
  getMandate(id: string): Promise<ProviderMandate>;
  /** Verifies signature and timestamp (5 minutes' tolerance) over the raw body; throws WebhookRejected. */
  verifyWebhook(rawBody: Buffer, headers: Record<string, string | undefined>): VerifiedWebhook;
}

/** Minor units ↔ the provider's decimal string ("19.99"); every currency we sell has two decimals. */
export function minorToValue(minor: number): string {
  if (!Number.isSafeInteger(minor) || minor < 0) throw new RangeError('amount must be a non-negative integer');
  return `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;
}

export function valueToMinor(value: string): number {
  const m = /^(\d{1,9})\.(\d{2})$/.exec(value);
  if (!m) throw new RangeError(`not an amount: ${value}`);
  return Number(m[1]) * 100 + Number(m[2]);
}

/** The provider of a backend started without one (some tests, tools): every call is "provider unavailable". */
export function unavailableProvider(): PaymentProvider {
  const down = (): never => {
    throw new ProviderUnavailable('no payment provider configured');
  };
  return {
    name: 'none',
    listMethods: async () => down(),
    createPayment: async () => down(),
    getPayment: async () => down(),
    cancelPayment: async () => down(),
    createRefund: async () => down(),
    createMandate: async () => down(),
    getMandate: async () => down(),
    verifyWebhook: () => {
      throw new WebhookRejected('no payment provider configured');
    },
  };
}
