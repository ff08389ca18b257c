/**
 * Logs a demo member in (every demo login has the password `demo-password`) and answers the Cookie header his
 * session's cookies make, for the benchmarks' requests as that member.
 */
export async function loginCookie(base: string, email: string): Promise<string> {
  const res = await fetch(`${base}/api/user.php`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base, 'sec-fetch-site': 'same-origin' },
    body: JSON.stringify({ email, password: 'demo-password' }),
  });
  const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0]);
  if (!res.ok || cookies.length === 0) throw new Error(`login failed: ${res.status}`);
  return cookies.join('; ');
}
