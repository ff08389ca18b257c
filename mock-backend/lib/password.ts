import argon2, { type HashOptions } from 'argon2';

/** Argon2id with the OWASP minimum (19 MiB, t=2, p=1); runs on the libuv threadpool, off the event loop. */
const OPTIONS: HashOptions = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 };
let options = OPTIONS;

/**
 * For the backend's in-process test contexts only (mock-backend/test/context.ts), never the app: new hashes with
 * argon2's smallest memory and one pass. Those suites hash and verify thousands of passwords, and what they check is
 * who may log in, not what a guess costs; a hash names its own parameters, so verifying works either way. The sites
 * the browser and two-instance tests start hash as production does.
 */
export function lightPasswordHashingForTests(): void {
  options = { ...OPTIONS, memoryCost: 1024, timeCost: 1 };
}

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, options);
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | undefined;

/** A hash to verify against when the account does not exist, so timing does not reveal which e-mails exist. */
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword(`dummy-${Math.random()}`);
  return dummy;
}
