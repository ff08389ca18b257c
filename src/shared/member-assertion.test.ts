import { SignJWT, importJWK } from 'jose';
import { describe, expect, it } from 'vitest';
import {
  ASSERTION_TTL_SECONDS,
  IdentityKeyError,
  createAssertionSigner,
  createAssertionVerifier,
  generateIdentityKeys,
  parseVerifyKeys,
  sessionHash,
  type AssertedMember,
} from './member-assertion';

const MEMBER: AssertedMember = {
  id: 900_001,
  status: 'active',
  language: 'nl',
  signup_date: '2024-03-01T09:00:00Z',
  profile: { name: 'Jan', country: 'NL' },
};
const request = { method: 'get', path: '/api/likes.php?x=1', requestId: 'req-1' };
const sid = sessionHash('php-session');

async function pair(kid = 'k1') {
  const { privateJwk, publicKeys } = await generateIdentityKeys(kid);
  return { signer: await createAssertionSigner(privateJwk), publicKeys, privateJwk };
}

describe('the identity bridge assertion', () => {
  it('When it is signed by the BFF for this backend and this request, then it verifies and names the member (the query does not count)', async () => {
    const { signer, publicKeys } = await pair();
    const sxp = Math.floor(Date.now() / 1000) + 20;
    const value = await signer.sign({ audience: 'next', request, sid, sxp, member: MEMBER });
    const claims = await createAssertionVerifier(publicKeys, 'next').verify(value, { ...request, path: '/api/likes.php?y=2' });
    expect(claims).toMatchObject({ member: MEMBER.id, sid, sxp, usr: MEMBER });
    expect(claims?.jti).toMatch(/^[0-9a-f-]{36}$/);
    // A JWS with the explicit type, the key id and the fully specified algorithm; the session id itself is not in it.
    const [header, payload] = value.split('.');
    expect(JSON.parse(Buffer.from(header!, 'base64url').toString())).toEqual({ alg: 'Ed25519', typ: 'member-assertion+jwt', kid: 'k1' });
    expect(Buffer.from(payload!, 'base64url').toString()).not.toContain('php-session');
    // Every assertion is another: each is accepted once.
    const again = await signer.sign({ audience: 'next', request, sid, sxp, member: MEMBER });
    expect((await createAssertionVerifier(publicKeys, 'next').verify(again, request))?.jti).not.toBe(claims?.jti);
  });

  it('When the key, the audience, the request id, the method or the path differ, or its time has passed, then it is refused', async () => {
    const { signer, publicKeys } = await pair();
    const other = await pair();
    const now = Date.now();
    const sxp = Math.floor(now / 1000) + 20;
    const value = await signer.sign({ audience: 'next', request, sid, sxp, member: MEMBER });
    const verifier = createAssertionVerifier(publicKeys, 'next');
    expect(await createAssertionVerifier(other.publicKeys, 'next').verify(value, request)).toBeNull();
    expect(await createAssertionVerifier(publicKeys, 'embedded').verify(value, request)).toBeNull();
    expect(await verifier.verify(value, { ...request, requestId: 'req-2' })).toBeNull();
    expect(await verifier.verify(value, { ...request, requestId: undefined })).toBeNull();
    expect(await verifier.verify(value, { ...request, method: 'POST' })).toBeNull();
    expect(await verifier.verify(value, { ...request, path: '/api/chats.php' })).toBeNull();
    const old = await signer.sign({ audience: 'next', request, sid, sxp, member: MEMBER }, now - (ASSERTION_TTL_SECONDS + 1) * 1000);
    expect(await verifier.verify(old, request)).toBeNull();
  });

  it('When its payload is changed, its type or algorithm is another, or it is malformed, then it is refused', async () => {
    const { signer, publicKeys, privateJwk } = await pair();
    const verifier = createAssertionVerifier(publicKeys, 'next');
    const sxp = Math.floor(Date.now() / 1000) + 20;
    const [h, payload, signature] = (await signer.sign({ audience: 'next', request, sid, sxp, member: MEMBER })).split('.');
    const body = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
    const swapped = Buffer.from(JSON.stringify({ ...body, sub: '1', usr: { ...MEMBER, id: 1 } })).toString('base64url');
    expect(await verifier.verify(`${h}.${swapped}.${signature}`, request)).toBeNull();
    // The same key, but a plain JWT (no explicit type): not an assertion.
    const key = await importJWK(privateJwk, 'Ed25519');
    const untyped = await new SignJWT(body).setProtectedHeader({ alg: 'Ed25519', kid: 'k1' }).sign(key);
    expect(await verifier.verify(untyped, request)).toBeNull();
    for (const bad of ['', 'v1.e30.AAAA', 'e30.e30.', `${h}.${payload}.`, 'x'.repeat(9000)])
      expect(await verifier.verify(bad, request)).toBeNull();
  });

  it('When the signing key rotates, then backends that hold both public keys accept both, and a key without a kid or with its private part is refused as configuration', async () => {
    const old = await pair('k-old');
    const next = await pair('k-new');
    const both = { keys: [...old.publicKeys.keys, ...next.publicKeys.keys] };
    const verifier = createAssertionVerifier(both, 'next');
    const sxp = Math.floor(Date.now() / 1000) + 20;
    for (const { signer } of [old, next]) {
      expect(await verifier.verify(await signer.sign({ audience: 'next', request, sid, sxp, member: MEMBER }), request)).not.toBeNull();
    }
    await expect(createAssertionSigner({ ...old.privateJwk, kid: undefined })).rejects.toThrow(IdentityKeyError);
    await expect(createAssertionSigner(old.publicKeys.keys[0]!)).rejects.toThrow(IdentityKeyError);
    await expect(createAssertionSigner('not json')).rejects.toThrow(IdentityKeyError);
    expect(() => parseVerifyKeys({ keys: [old.privateJwk] })).toThrow(/private part/);
    expect(() => parseVerifyKeys('{"keys":[]}')).toThrow(IdentityKeyError);
    expect(parseVerifyKeys(JSON.stringify(old.publicKeys.keys[0])).keys).toHaveLength(1);
  });
});
