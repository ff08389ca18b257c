import { createHmac, timingSafeEqual } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { Db } from '../../lib/db';
import { lazily, loadSecretKey } from '../../lib/secrets';

/** Signed photo URLs live for one to two hours: the expiry is rounded up to the next full hour plus one. */
const URL_LIFETIME_SECONDS = 3600;

/** Relative paths stored in `photos` (e.g. `avatars/a1.jpg`, `u/3f/9c…-full.jpg`): nothing else may be signed. */
const STORED_PATH = /^(?:[a-z0-9][a-z0-9_-]*\/){1,3}[A-Za-z0-9][A-Za-z0-9_-]*\.(?:jpg|webp)$/;
const SIGNED_PATH = /^s\/(\d{10})\/([A-Za-z0-9_-]{43})\/(.+)$/;

export interface MediaSigner {
  /** `s/<expiry>/<hmac>/<path>`: the path relative to cdn_prefix that serves `file` until the expiry. */
  sign(file: string, nowMs?: number): string;
  /** The stored path behind a signed one, or null when the signature is wrong or expired. */
  verify(signed: string, nowMs?: number): string | null;
}

/** Signed paths kept per signer at most (the paths of the current expiry; past it they start again). */
const SIGNED_PATHS_KEPT = 20_000;

export function createMediaSigner(key: Buffer): MediaSigner {
  const mac = (expiry: string, file: string) => createHmac('sha256', key).update(`${expiry}/${file}`).digest('base64url');
  // A path's signature is the same for everyone until the expiry moves on (once an hour), and a member list signs three
  // paths per card: the signed paths of the current expiry are kept, so each is computed once an hour, not per answer.
  let keptExpiry = '';
  const kept = new Map<string, string>();
  return {
    sign(file, nowMs = Date.now()) {
      if (!STORED_PATH.test(file)) throw new Error(`refusing to sign an unexpected media path: ${file}`);
      const expiry = String((Math.floor(nowMs / 1000 / URL_LIFETIME_SECONDS) + 2) * URL_LIFETIME_SECONDS);
      if (expiry !== keptExpiry || kept.size >= SIGNED_PATHS_KEPT) {
        kept.clear();
        keptExpiry = expiry;
      }
      let signed = kept.get(file);
      if (signed === undefined) {
        signed = `s/${expiry}/${mac(expiry, file)}/${file}`;
        kept.set(file, signed);
      }
      return signed;
    },
    verify(signed, nowMs = Date.now()) {
      const m = SIGNED_PATH.exec(signed);
      if (!m) return null;
      const [, expiry = '', sig = '', file = ''] = m;
      if (!STORED_PATH.test(file) || Number(expiry) * 1000 <= nowMs) return null;
      const expected = Buffer.from(mac(expiry, file));
      const given = Buffer.from(sig);
      return given.length === expected.length && timingSafeEqual(given, expected) ? file : null;
    },
  };
}

/** The HMAC key of photo URLs, created once per database and kept in app_secrets (it survives restarts). */
export function loadMediaKey(db: Db): Promise<Buffer> {
  return loadSecretKey(db, 'media_url_key');
}

/** One signer per app, loaded on first use. */
export function lazySigner(db: Db): () => Promise<MediaSigner> {
  return lazily(async () => createMediaSigner(await loadMediaKey(db)));
}

interface ImageLike {
  filename: string;
  thumb_filename: string;
  match_path: string;
}

function isImage(value: Record<string, unknown>): value is Record<string, unknown> & ImageLike {
  return typeof value.filename === 'string' && typeof value.thumb_filename === 'string' && typeof value.match_path === 'string';
}

/** Rewrites every Image object in an answer to signed paths (in place); the services choose which variant. */
export function signImages(body: unknown, signer: MediaSigner, nowMs = Date.now()): void {
  if (Array.isArray(body)) {
    for (const item of body) signImages(item, signer, nowMs);
    return;
  }
  if (typeof body !== 'object' || body === null) return;
  const obj = body as Record<string, unknown>;
  if (isImage(obj)) {
    obj.filename = signer.sign(obj.filename, nowMs);
    obj.thumb_filename = signer.sign(obj.thumb_filename, nowMs);
    obj.match_path = signer.sign(obj.match_path, nowMs);
    return;
  }
  for (const value of Object.values(obj)) signImages(value, signer, nowMs);
}

/**
 * The one place where photo paths leave the backend as JSON: Express's `json replacer`, the serializer every `res.json`
 * of the app runs, turns every Image object it meets into a copy with signed paths (the answer itself is not changed).
 * So no stored (and thus permanent) path can reach a browser, and a locked photo only ever carries its blurred file:
 * the services choose the variant, the serializer signs it. `ready` loads the signer before a route answers (the
 * serializer runs synchronously); an Image serialized before it is loaded is refused rather than sent unsigned.
 */
export function imageSigning(getSigner: () => Promise<MediaSigner>): {
  ready: RequestHandler;
  replacer: (this: unknown, key: string, value: unknown) => unknown;
} {
  let signer: MediaSigner | undefined;
  return {
    ready: (_req, _res, next) => {
      if (signer) return next();
      getSigner().then((loaded) => {
        signer = loaded;
        next();
      }, next);
    },
    replacer(_key, value) {
      if (typeof value !== 'object' || value === null || Array.isArray(value) || !isImage(value as Record<string, unknown>)) return value;
      if (!signer) throw new Error('a photo path was about to leave unsigned: the media signer is not loaded');
      const image = value as Record<string, unknown> & ImageLike;
      const nowMs = Date.now();
      return {
        ...image,
        filename: signer.sign(image.filename, nowMs),
        thumb_filename: signer.sign(image.thumb_filename, nowMs),
        match_path: signer.sign(image.match_path, nowMs),
      };
    },
  };
}
