import { describe, expect, it } from 'vitest';
import { createAttemptKeys, newIdempotencyKey } from './idempotency-key';

describe('idempotency keys', () => {
  it('When a key is made, then it is a UUID v4 and never the same twice', () => {
    const keys = Array.from({ length: 50 }, () => newIdempotencyKey());
    for (const key of keys) expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('When the same body is sent again, then it keeps its key; another body gets a new one', () => {
    const keyFor = createAttemptKeys();
    const first = keyFor({ message: 'a' });
    expect(keyFor({ message: 'a' })).toBe(first);
    const second = keyFor({ message: 'b' });
    expect(second).not.toBe(first);
    expect(keyFor({ message: 'a' })).not.toBe(first);
  });
});
