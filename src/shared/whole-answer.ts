import type { ServerResponse } from 'node:http';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import Negotiator from 'negotiator';

/** Below this an answer goes uncompressed, as the compression middleware's own threshold says. */
const COMPRESS_FROM_BYTES = 1024;
/** The compression middleware's choice: brotli when the browser takes it (at its quality 4), else gzip. */
const ENCODINGS = ['br', 'gzip', 'identity'];
const PREFERRED = ['br', 'gzip'];
const BROTLI = { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } };
const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;
const VARIES_BY_ENCODING = /(^|,)\s*accept-encoding\s*(,|$)/i;

/**
 * An answer whose body is all there (a page React rendered whole, a JSON answer read whole from the backend): compressed
 * here in one call and sent with its length, the head and the body in one write. Through the compression middleware the
 * same answer took two rounds of the compressor on the thread pool (each waking a pool thread and the main loop again)
 * and three writes of a chunked answer. The middleware leaves an answer that names its encoding alone (it still adds
 * `Vary: Accept-Encoding`), so the choice is the middleware's, made here: brotli at its quality 4 when the browser takes
 * it, else gzip, from 1 KiB on, never where `Cache-Control` says `no-transform`. `compressible: false` sends the body
 * as it is (an answer already encoded, or of a type the middleware would not compress).
 */
export function endWhole(res: ServerResponse, body: Uint8Array, options: { compressible?: boolean } = {}): void {
  let sent = body;
  const compressible =
    (options.compressible ?? true) &&
    body.byteLength >= COMPRESS_FROM_BYTES &&
    res.req !== undefined &&
    res.req.method !== 'HEAD' &&
    !NO_TRANSFORM.test(String(res.getHeader('Cache-Control') ?? ''));
  if (compressible) {
    const encoding = new Negotiator(res.req).encoding(ENCODINGS, { preferred: PREFERRED });
    if (encoding === 'br' || encoding === 'gzip') {
      sent = encoding === 'br' ? brotliCompressSync(body, BROTLI) : gzipSync(body);
      res.setHeader('Content-Encoding', encoding);
    }
    // What was sent depends on the Accept-Encoding.
    const vary = String(res.getHeader('Vary') ?? '');
    if (!VARIES_BY_ENCODING.test(vary)) res.setHeader('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
  }
  res.setHeader('Content-Length', sent.byteLength);
  res.end(sent);
}
