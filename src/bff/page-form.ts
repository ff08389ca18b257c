import busboy from 'busboy';
import express, { type Request, type Response } from 'express';
import { PHOTO_MAX_BYTES } from '../shared/photo-files';
import { sendErrorPage } from '../server/error-page';
import { apiLocale } from './locale';
import { isCrossSiteRequest } from './request-context';

/** What a plain HTML form posted to a page carries to the route's action. */
export type PostedForm = URLSearchParams | FormData;

const readUrlencoded = express.urlencoded({ extended: false, limit: '16kb', parameterLimit: 100 });

/**
 * A multipart page form (a photo posted without JavaScript): one file, kept up to one byte over the photo limit so
 * the backend answers "too large" in the member's language as it does for any upload; a few short fields. Bodies
 * beyond MULTIPART_MAX_BYTES are not read to their end.
 */
const MULTIPART_LIMITS = { files: 1, fileSize: PHOTO_MAX_BYTES + 1, fields: 100, fieldSize: 16 * 1024, parts: 101, headerPairs: 30 };
export const MULTIPART_MAX_BYTES = 3 * PHOTO_MAX_BYTES;

class PageFormError extends Error {
  constructor(
    readonly status: 400 | 413,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Reads a multipart body with busboy into a FormData whose file is a File (what `request.formData()` gives the
 * route's action). A file input left empty (no name, no bytes) is left out.
 */
function readMultipart(req: Request): Promise<FormData> {
  const declared = Number(req.get('content-length'));
  if (Number.isFinite(declared) && declared > MULTIPART_MAX_BYTES) {
    return Promise.reject(new PageFormError(413, 'page form too large'));
  }
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: req.headers, limits: MULTIPART_LIMITS, defParamCharset: 'utf8' });
    } catch {
      reject(new PageFormError(400, 'malformed multipart form'));
      return;
    }
    const form = new FormData();
    const files: Promise<void>[] = [];
    let received = 0;
    let failed = false;
    const fail = (error: PageFormError) => {
      if (failed) return;
      failed = true;
      req.unpipe(parser);
      req.resume();
      reject(error);
    };
    req.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (received > MULTIPART_MAX_BYTES) fail(new PageFormError(413, 'page form too large'));
    });
    parser.on('field', (name, value) => form.append(name, value));
    parser.on('file', (name, stream, info) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      files.push(
        new Promise((done) =>
          stream.on('close', () => {
            const size = chunks.reduce((sum, chunk) => sum + chunk.length, 0);
            if (info.filename || size > 0)
              form.append(name, new File(chunks as Uint8Array<ArrayBuffer>[], info.filename || 'photo', { type: info.mimeType }));
            done();
          }),
        ),
      );
    });
    parser.on('error', () => fail(new PageFormError(400, 'malformed multipart form')));
    parser.on('close', () => {
      if (!failed) void Promise.all(files).then(() => resolve(form));
    });
    req.pipe(parser);
  });
}

function readUrlencodedForm(req: Request, res: Response): Promise<URLSearchParams> {
  return new Promise((resolve, reject) =>
    readUrlencoded(req, res, (error?: unknown) => {
      if (error) return reject(error);
      const body = (req.body ?? {}) as Record<string, string | string[]>;
      // A field sent more than once (the ticked boxes of one name) keeps every value, in order.
      resolve(new URLSearchParams(Object.entries(body).flatMap(([k, v]) => (Array.isArray(v) ? v : [v]).map((one) => [k, String(one)]))));
    }),
  );
}

/**
 * Whether a page POST provably comes from a page of this site (CSRF; the login cookie's SameSite=Lax is the first
 * line): the browser's `Sec-Fetch-Site` says same-origin (a page cannot set it; the site's `Referrer-Policy:
 * no-referrer` makes browsers send `Origin: null` with a form), or, from a browser without Fetch Metadata, its Origin
 * (else its Referer) names this host. Decided before the body is read.
 */
function isOwnPagePost(req: Request): boolean {
  const site = req.get('sec-fetch-site')?.toLowerCase();
  if (site !== undefined) return site === 'same-origin';
  const source = req.get('origin') ?? req.get('referer');
  return source !== undefined && !isCrossSiteRequest(req);
}

/**
 * The form of a page POST (urlencoded, or multipart when it carries a photo), null when the request is no such POST,
 * or 'answered' when it was answered here: a POST that does not come from a page of this site changes nothing and is
 * sent on to the page itself (303, a GET); a body that cannot be read gets its status (400, or 413 in the member's
 * language) and nothing reaches a backend.
 */
export async function pageForm(
  req: Request,
  res: Response,
  takesForm: (path: string) => Promise<boolean>,
): Promise<PostedForm | 'answered' | null> {
  const multipart = Boolean(req.is('multipart/form-data'));
  const urlencoded = !multipart && Boolean(req.is('application/x-www-form-urlencoded'));
  if (req.method !== 'POST' || !(multipart || urlencoded) || !(await takesForm(req.path))) return null;
  res.setHeader('Cache-Control', 'no-store');
  if (!isOwnPagePost(req)) {
    res.redirect(303, req.path);
    return 'answered';
  }
  try {
    return multipart ? await readMultipart(req) : await readUrlencodedForm(req, res);
  } catch (error) {
    const status = typeof error === 'object' && error !== null && 'status' in error ? Number(error.status) : 400;
    if (status === 413) {
      res.setHeader('Connection', 'close');
      sendErrorPage(res, { status: 413, locale: apiLocale(req.get('cookie')) });
    } else sendErrorPage(res, { status: 400, locale: apiLocale(req.get('cookie')) });
    return 'answered';
  }
}
