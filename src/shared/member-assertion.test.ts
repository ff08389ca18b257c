import { describe, expect, it } from 'vitest';
import { ASSERTION_TTL_SECONDS, sessionHash, signMemberAssertion, verifyMemberAssertion, type AssertedMember } from './member-assertion';

const SECRET = 'a-secret-shared-by-the-bff-and-the-backend-0123';
const MEMBER: AssertedMember = {
  id: 900_001,
  email: 'jan@php.test',
  status: 'active',
  language: 'nl',
  signup_date: '2024-03-01T09:00:00Z',
  profile: { name: 'Jan', country: 'NL' },
};
const claims = { sub: MEMBER.id, sid: sessionHash('php-session'), rid: 'req-1', mth: 'GET', pth: '/api/likes.php?x=1', usr: MEMBER };
const request = { method: 'get', path: '/api/likes.php?y=2', requestId: 'req-1' };

describe('the identity bridge assertion', () => {
  it('When it is made by the secret holder for this request, then it verifies and names the member (the query does not count)', () => {
    const value = signMemberAssertion(SECRET, claims);
    expect(verifyMemberAssertion(SECRET, value, request)).toMatchObject({ sub: MEMBER.id, pth: '/api/likes.php', usr: MEMBER });
    // The session id itself is not in it, only its hash.
    expect(Buffer.from(value.split('.')[1]!, 'base64url').toString()).not.toContain('php-session');
  });

  it('When the secret, the request id, the method or the path differ, or the time has passed, then it is refused', () => {
    const now = Date.now();
    const value = signMemberAssertion(SECRET, claims, now);
    expect(verifyMemberAssertion('another-secret-another-secret-another-secret', value, request, now)).toBeNull();
    expect(verifyMemberAssertion(SECRET, value, { ...request, requestId: 'req-2' }, now)).toBeNull();
    expect(verifyMemberAssertion(SECRET, value, { ...request, requestId: undefined }, now)).toBeNull();
    expect(verifyMemberAssertion(SECRET, value, { ...request, method: 'POST' }, now)).toBeNull();
    expect(verifyMemberAssertion(SECRET, value, { ...request, path: '/api/chats.php' }, now)).toBeNull();
    expect(verifyMemberAssertion(SECRET, value, request, now + (ASSERTION_TTL_SECONDS + 1) * 1000)).toBeNull();
  });

  it('When its payload is changed (another member) or it is malformed, then it is refused', () => {
    const [v, payload, mac] = signMemberAssertion(SECRET, claims).split('.');
    const other = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), sub: 1, usr: { ...MEMBER, id: 1 } }),
    ).toString('base64url');
    expect(verifyMemberAssertion(SECRET, `${v}.${other}.${mac}`, request)).toBeNull();
    for (const bad of ['', 'v1', 'v1.e30', 'v2.e30.AAAA', 'v1.e30.AAAA', 'x'.repeat(9000)])
      expect(verifyMemberAssertion(SECRET, bad, request)).toBeNull();
  });
});
