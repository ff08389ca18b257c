import { request } from 'node:https';
import type { LookupFunction } from 'node:net';
import webpush from 'web-push';
import { resolvePublic, type Lookup } from './allow-list';
import type { PushMessage, PushOptions, PushRequest, PushResponse, PushSubscriptionJson, PushTransport, VapidKeys } from './types';

export function buildPushRequest(
  vapid: VapidKeys,
  subscription: PushSubscriptionJson,
  message: PushMessage,
  options: PushOptions,
): PushRequest {
  const details = webpush.generateRequestDetails(subscription, JSON.stringify(message), {
    vapidDetails: { subject: vapid.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
    TTL: options.ttl,
    urgency: options.urgency,
    topic: options.topic,
    contentEncoding: 'aes128gcm',
  });
  const headers = Object.fromEntries(Object.entries(details.headers).map(([k, v]) => [k, String(v)]));
  return { endpoint: details.endpoint, headers, body: details.body ?? Buffer.alloc(0) };
}

function retryAfter(value: string | string[] | undefined): number | undefined {
  const v = Array.isArray(value) ? value[0] : value;
  if (!v) return undefined;
  const seconds = Number(v);
  if (Number.isFinite(seconds)) return Math.max(0, Math.round(seconds));
  const at = Date.parse(v);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.round((at - Date.now()) / 1000));
}

/** POSTs over HTTPS, connecting only to an address of the endpoint's host that was checked to be public. */
export function httpsTransport(lookup?: Lookup, timeoutMs = 10_000): PushTransport {
  return async (req) => {
    const url = new URL(req.endpoint);
    const [first] = await resolvePublic(url.hostname, lookup);
    if (!first) throw new Error('push endpoint does not resolve');
    const pinned: LookupFunction = (_host, opts, cb) => {
      if ((opts as { all?: boolean }).all) (cb as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [first]);
      else cb(null, first.address, first.family);
    };
    return new Promise<PushResponse>((resolve, reject) => {
      const r = request(
        {
          method: 'POST',
          hostname: url.hostname,
          port: 443,
          path: `${url.pathname}${url.search}`,
          headers: { ...req.headers, 'content-length': String(req.body.length) },
          lookup: pinned,
          timeout: timeoutMs,
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode ?? 0, retryAfterSeconds: retryAfter(res.headers['retry-after']) }));
        },
      );
      r.on('timeout', () => r.destroy(new Error('push service timed out')));
      r.on('error', reject);
      r.end(req.body);
    });
  };
}
