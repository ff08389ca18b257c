/**
 * A fresh Idempotency-Key (a UUID v4) for one attempt of a write that honours it (openapi.yaml lists the
 * parameter): the same key goes with every repetition of that attempt, so the BFF may retry it and the backend does
 * the work once. Built from getRandomValues, which unlike randomUUID also works on plain-http origins.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * One key per distinct request: asking again for the same body gives the same key (a repeated click or a retry
 * after a lost answer is the same attempt), another body a new one.
 */
export function createAttemptKeys(): (body: unknown) => string {
  let last: { body: string; key: string } | null = null;
  return (body) => {
    const serialized = JSON.stringify(body);
    if (last?.body !== serialized) last = { body: serialized, key: newIdempotencyKey() };
    return last.key;
  };
}
