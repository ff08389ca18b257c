import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import {
  minorToValue,
  ProviderRefused,
  ProviderUnavailable,
  valueToMinor,
  WebhookRejected,
  type CreateMandateInput,
  type CreatePaymentInput,
  type PaymentProvider,
  type ProviderMandate,
  type ProviderMethod,
  type ProviderPayment,
  type ProviderPaymentStatus,
  type ProviderRefund,
  type VerifiedWebhook,
} from './provider';

/**
 * The PaymentProvider over HTTP to a Mollie-style API — the PSP simulator (mock-backend/psp-simulator) by default.
 * Every call has a timeout; 5xx and connection errors are ProviderUnavailable (try again later), 4xx ProviderRefused.
 */

export interface HttpProviderOptions {
  baseUrl: string;
  apiKey: string;
  webhookSecret: string;
  timeoutMs?: number;
}

interface ApiAmount {
  value: string;
  currency: string;
}

interface ApiPayment {
  id: string;
  status: ProviderPaymentStatus;
  amount: ApiAmount;
  amountRefunded?: ApiAmount;
  amountChargedBack?: ApiAmount;
  method: string;
  mandateId?: string | null;
  metadata?: Record<string, string | number> | null;
  _links?: { checkout?: { href: string } };
}

const STATUSES: readonly ProviderPaymentStatus[] = ['open', 'pending', 'paid', 'failed', 'canceled', 'expired'];

function toPayment(p: ApiPayment): ProviderPayment {
  if (!STATUSES.includes(p.status)) throw new ProviderUnavailable(`unknown payment status ${String(p.status)}`);
  return {
    id: p.id,
    status: p.status,
    amountMinor: valueToMinor(p.amount.value),
    currency: p.amount.currency,
    method: p.method,
    checkoutUrl: p._links?.checkout?.href ?? null,
    amountRefundedMinor: p.amountRefunded ? valueToMinor(p.amountRefunded.value) : 0,
    amountChargedBackMinor: p.amountChargedBack ? valueToMinor(p.amountChargedBack.value) : 0,
    mandateId: p.mandateId ?? null,
    metadata: p.metadata ?? {},
  };
}

export function createHttpProvider(opts: HttpProviderOptions): PaymentProvider {
  const base = opts.baseUrl.replace(/\/+$/, '');
  const webhook = new Webhook(opts.webhookSecret);
  const timeoutMs = opts.timeoutMs ?? 10_000;

  async function call<T>(method: string, path: string, body?: unknown, idempotencyKey?: string): Promise<T> {
    let res: globalThis.Response;
    try {
      res = await fetch(`${base}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${opts.apiKey}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new ProviderUnavailable(`payment provider unreachable: ${method} ${path}`, null, { cause: error });
    }
    const text = await res.text();
    if (res.status >= 500 || res.status === 429) throw new ProviderUnavailable(`payment provider answered ${res.status}`, res.status);
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : {};
    } catch (error) {
      throw new ProviderUnavailable('payment provider answered no JSON', res.status, { cause: error });
    }
    if (res.status >= 400)
      throw new ProviderRefused(String((json as { detail?: unknown }).detail ?? `payment provider answered ${res.status}`), res.status);
    return json as T;
  }

  return {
    name: 'simulator',
    async listMethods() {
      const r = await call<{ _embedded: { methods: ProviderMethod[] } }>('GET', '/v2/methods');
      return r._embedded.methods;
    },
    async createPayment(input: CreatePaymentInput) {
      const p = await call<ApiPayment>(
        'POST',
        '/v2/payments',
        {
          amount: { value: minorToValue(input.amountMinor), currency: input.currency },
          description: input.description,
          method: input.method,
          ...(input.brand ? { brand: input.brand } : {}),
          ...(input.issuer ? { issuer: input.issuer } : {}),
          redirectUrl: input.redirectUrl,
          webhookUrl: input.webhookUrl,
          metadata: input.metadata,
          sequenceType: input.sequenceType ?? 'oneoff',
          ...(input.mandateId ? { mandateId: input.mandateId } : {}),
        },
        input.idempotencyKey,
      );
      return toPayment(p);
    },
    async getPayment(id) {
      return toPayment(await call<ApiPayment>('GET', `/v2/payments/${encodeURIComponent(id)}`));
    },
    async cancelPayment(id) {
      return toPayment(await call<ApiPayment>('DELETE', `/v2/payments/${encodeURIComponent(id)}`));
    },
    async createRefund(paymentId, amount, idempotencyKey): Promise<ProviderRefund> {
      const r = await call<{ id: string; paymentId: string; amount: ApiAmount; status: ProviderRefund['status'] }>(
        'POST',
        `/v2/payments/${encodeURIComponent(paymentId)}/refunds`,
        { amount: { value: minorToValue(amount.amountMinor), currency: amount.currency } },
        idempotencyKey,
      );
      return { id: r.id, paymentId: r.paymentId, amountMinor: valueToMinor(r.amount.value), status: r.status };
    },
    async createMandate(input: CreateMandateInput): Promise<ProviderMandate> {
      const m = await call<{ id: string; status: ProviderMandate['status']; mandateReference: string }>(
        'POST',
        '/v2/mandates',
        {
          method: 'directdebit',
          consumerName: input.consumerName,
          consumerAccount: input.iban,
          mandateReference: input.reference,
          signatureDate: input.signatureDate,
        },
        input.idempotencyKey,
      );
      return { id: m.id, status: m.status, reference: m.mandateReference };
    },
    async getMandate(id) {
      const m = await call<{ id: string; status: ProviderMandate['status']; mandateReference: string }>(
        'GET',
        `/v2/mandates/${encodeURIComponent(id)}`,
      );
      return { id: m.id, status: m.status, reference: m.mandateReference };
    },
    verifyWebhook(rawBody, headers): VerifiedWebhook {
      const id = headers['webhook-id'];
      const timestamp = headers['webhook-timestamp'];
      const signature = headers['webhook-signature'];
      if (!id || !timestamp || !signature) throw new WebhookRejected('missing signature headers');
      let body: unknown;
      try {
        body = webhook.verify(rawBody, { 'webhook-id': id, 'webhook-timestamp': timestamp, 'webhook-signature': signature });
      } catch (error) {
        throw new WebhookRejected(error instanceof WebhookVerificationError ? error.message : 'unverifiable webhook');
      }
      const b = body as { type?: unknown; data?: { id?: unknown } };
      if (typeof b.type !== 'string' || typeof b.data?.id !== 'string' || !/^tr_[A-Za-z0-9]{1,64}$/.test(b.data.id)) {
        throw new WebhookRejected('unexpected webhook body');
      }
      return { eventId: id, type: b.type, paymentId: b.data.id };
    },
  };
}
