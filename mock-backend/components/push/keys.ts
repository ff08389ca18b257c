import { createECDH } from 'node:crypto';

/** base64url (RFC 4648 §5), padding tolerated: what PushSubscription.toJSON() gives for its keys. */
const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

function decode(value: unknown, maxChars: number): Buffer | null {
  if (typeof value !== 'string' || value.length > maxChars || !BASE64URL.test(value)) return null;
  return Buffer.from(value.replace(/=+$/, ''), 'base64url');
}

/** A throwaway key pair: computing a secret with it checks that a point lies on the P-256 curve. */
const probe = createECDH('prime256v1');
probe.generateKeys();

/**
 * The field of a subscription's keys that the Web Push encryption (RFC 8291) could not use, or null when both are
 * fine: `p256dh` the browser's public key, an uncompressed P-256 point (65 bytes, first byte 0x04, on the curve);
 * `auth` its 16-byte secret; both base64url. A push to anything else fails later, so it is refused when saved.
 */
export function pushKeysProblem(keys: unknown): 'subscription.keys' | 'subscription.keys.p256dh' | 'subscription.keys.auth' | null {
  if (typeof keys !== 'object' || keys === null) return 'subscription.keys';
  const { p256dh, auth } = keys as { p256dh?: unknown; auth?: unknown };
  const point = decode(p256dh, 88);
  if (!point || point.length !== 65 || point[0] !== 0x04) return 'subscription.keys.p256dh';
  try {
    probe.computeSecret(point);
  } catch {
    return 'subscription.keys.p256dh';
  }
  const secret = decode(auth, 24);
  if (!secret || secret.length !== 16) return 'subscription.keys.auth';
  return null;
}
