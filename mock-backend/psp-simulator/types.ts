import type { Express } from 'express';
import type { Logger } from 'pino';

/** The PSP simulator's resources and options, as its modules share them. */

export type SimStatus = 'open' | 'pending' | 'paid' | 'failed' | 'canceled' | 'expired';
export const OUTCOMES: readonly SimStatus[] = ['paid', 'failed', 'canceled', 'expired', 'pending'];
/** Methods the simulated PSP still offers (Giropay and Sofort were withdrawn in 2024). */
export const ACTIVE_METHODS = [
  'ideal',
  'bancontact',
  'eps',
  'przelewy24',
  'blik',
  'twint',
  'swish',
  'vipps',
  'mobilepay',
  'satispay',
  'applepay',
  'paypal',
  'creditcard',
  'banktransfer',
  'paysafecard',
  'directdebit',
] as const;
export const NOT_REFUNDABLE = new Set(['paysafecard']);

export interface Amount {
  value: string;
  currency: string;
}

export interface SimEvent {
  id: string;
  type: string;
  status: SimStatus;
  at: string;
}

export interface SimPayment {
  resource: 'payment';
  id: string;
  status: SimStatus;
  amount: Amount;
  amountRefunded: Amount;
  amountChargedBack: Amount;
  description: string;
  method: string;
  brand: string | null;
  issuer: string | null;
  sequenceType: string;
  mandateId: string | null;
  redirectUrl: string;
  webhookUrl: string;
  metadata: Record<string, unknown>;
  createdAt: string;
  /**
   * Whether the merchant may cancel it while it is open (Mollie's `isCancelable`); absent means yes. A test sets it
   * false to play a method whose checkout cannot be cancelled while it runs.
   */
  cancelable?: boolean;
  events: SimEvent[];
}

export interface SimRefund {
  resource: 'refund';
  id: string;
  paymentId: string;
  amount: Amount;
  status: 'refunded';
  createdAt: string;
}

export interface SimMandate {
  resource: 'mandate';
  id: string;
  status: 'valid';
  method: 'directdebit';
  mandateReference: string;
  details: { consumerName: string; consumerAccount: string };
  signatureDate: string;
  createdAt: string;
}

export interface State {
  payments: Record<string, SimPayment>;
  refunds: Record<string, SimRefund>;
  mandates: Record<string, SimMandate>;
  /** `<key>` → the id of what the first request with that Idempotency-Key created. */
  idempotency: Record<string, string>;
}

export interface SimulatorOptions {
  apiKey: string;
  /** Standard Webhooks secret (`whsec_<base64>`). */
  webhookSecret: string;
  /** The origin browsers reach the simulator at (for checkout links); default: the address it listens on. */
  publicUrl?: string | undefined;
  stateFile?: string | undefined;
  settleDelayMs?: number;
  /**
   * An open payment nobody completed expires after this many ms (default 30 minutes), as a real PSP's does; an open
   * bank transfer, which the member pays from his own bank later, after 14 days (12 business days and 2 days' grace).
   */
  expireOpenAfterMs?: number;
  /** First retry after this many ms, doubling; at most `maxAttempts` deliveries per event. */
  retryBaseMs?: number;
  maxAttempts?: number;
  logger?: Logger | undefined;
}

export interface Simulator {
  app: Express;
  /** Set once listening (or by the caller): the base of checkout links. */
  setPublicUrl(url: string): void;
  /** Deliveries not yet answered with 2xx (tests wait on it). */
  pendingDeliveries(): number;
  payment(id: string): SimPayment | undefined;
  close(): void;
}

/** Money in minor units and back (two decimals, as the API writes amounts). */
export const minorOf = (a: Amount) => Math.round(Number(a.value) * 100);
export const amountOf = (minor: number, currency: string): Amount => ({ value: (minor / 100).toFixed(2), currency });
