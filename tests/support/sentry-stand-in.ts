import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';

/** An envelope the SDK sent: the path it was POSTed to and its raw text (gunzipped). */
interface Envelope {
  path: string;
  text: string;
}

export interface SentryStandIn {
  /** A DSN that points the SDK at the stand-in (project 1). */
  dsn: string;
  /** Every envelope received, in order. */
  envelopes: Envelope[];
  close(): Promise<void>;
}

/**
 * A stand-in for a Sentry-compatible endpoint on 127.0.0.1: every envelope POSTed to /api/<project>/envelope/ is kept
 * as raw text, so a test can read exactly what left the process.
 */
export async function startSentryStandIn(): Promise<SentryStandIn> {
  const envelopes: Envelope[] = [];
  const endpoint = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const text = req.headers['content-encoding'] === 'gzip' ? gunzipSync(body).toString('utf8') : body.toString('utf8');
      envelopes.push({ path: req.url ?? '', text });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => endpoint.listen(0, '127.0.0.1', resolve));
  return {
    dsn: `http://public@127.0.0.1:${(endpoint.address() as AddressInfo).port}/1`,
    envelopes,
    close: () => new Promise<void>((resolve) => endpoint.close(() => resolve())),
  };
}
