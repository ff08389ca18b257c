/**
 * The operator's report (tests/contract/run.ts) against a backend that declines the page-hidden beacon with 503, as
 * its description allows: the report gives the operation a verdict from that answer, never "not run". The backend
 * is the in-process one behind a small proxy that answers the beacon itself.
 */
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractReport, type OperationResult } from './run';
import { startContractTarget, type ContractTarget } from './target';

let target: ContractTarget;
let proxy: Server;
let results: OperationResult[] = [];

/** Everything to the backend, but `POST /api/page-hidden.php` answers 503 with the one error body. */
function decliningBeacons(backend: URL): Server {
  return createServer((req, res) => {
    if (req.method === 'POST' && req.url?.startsWith('/api/page-hidden.php')) {
      req.resume();
      res.writeHead(503, { 'content-type': 'application/json', 'retry-after': '30' });
      res.end(JSON.stringify({ error: { code: 'service_unavailable', message: 'Busy, try again later.' } }));
      return;
    }
    const headers = { ...req.headers, host: backend.host };
    const upstream = request(backend, { method: req.method, path: req.url, headers, agent: false }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    // A client gone (the suite's event stream) ends the backend's answer too.
    res.on('close', () => upstream.destroy());
    req.pipe(upstream);
  });
}

beforeAll(async () => {
  target = await startContractTarget();
  proxy = decliningBeacons(new URL(target.base));
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const demo = (role: string, email: string) => ({ [`CONTRACT_${role}_EMAIL`]: email, [`CONTRACT_${role}_PASSWORD`]: 'demo-password' });
  results = await contractReport(`http://127.0.0.1:${(proxy.address() as AddressInfo).port}/api`, {
    quiet: true,
    env: { ...demo('FREE', 'free@demo.test'), ...demo('PREMIUM', 'premium@demo.test'), ...demo('MODERATOR', 'moderator@demo.test') },
    // The beacon is asked by the session test; the rest of the suite has nothing to say here.
    testNamePattern: 'When session endpoints are called',
  });
}, 240_000);

afterAll(async () => {
  proxy?.closeAllConnections();
  await new Promise((resolve) => proxy?.close(resolve));
  await target?.stop();
});

describe('contract report: the page-hidden beacon declined', () => {
  it('When the backend answers the beacon 503, then pageHidden conforms on that answer instead of not being run', () => {
    const pageHidden = results.find((r) => r.operationId === 'pageHidden');
    expect(pageHidden).toMatchObject({ verdict: 'conforms', detail: '1 answer(s): 503' });
    // The rest of the session test still ran after it.
    expect(results.find((r) => r.operationId === 'putUser')?.verdict).toBe('conforms');
  });
});
