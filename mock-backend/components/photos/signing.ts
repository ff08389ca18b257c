import { createHmac, timingSafeEqual } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { Db } from '../../lib/db';
import { lazily, loadSecretKey } from '../../lib/secrets';
import { contract, operationOf } from '../../lib/operation-router';
import type { OperationId } from '../../lib/operations';
import { applyPlan, planTo, type SchemaPlan } from '../../lib/schema-paths';

/** Signed photo URLs live for one to two hours: the expiry is rounded up to the next full hour plus one. */
const URL_LIFETIME_SECONDS = 3600;
/** Photos of a private album are signed shorter: 10 to 20 minutes (the next full 10 minutes plus 10). */
const PRIVATE_URL_LIFETIME_SECONDS = 600;

/** Relative paths stored in `photos` (e.g. `avatars/a1.jpg`, `u/3f/9c…-full.jpg`): nothing else may be signed. */
const STORED_PATH = /^(?:[a-z0-9][a-z0-9_-]*\/){1,3}[A-Za-z0-9][A-Za-z0-9_-]*\.(?:jpg|webp)$/;
const SIGNED_PATH = /^s\/(\d{10})\/([A-Za-z0-9_-]{43})\/(.+)$/;

export interface MediaSigner {
  /**
   * `s/<expiry>/<hmac>/<path>`: the path relative to cdn_prefix that serves `file` until the expiry, one to two
   * `lifetimeSeconds` away (default an hour).
   */
  sign(file: string, nowMs?: number, lifetimeSeconds?: number): string;
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
    sign(file, nowMs = Date.now(), lifetimeSeconds = URL_LIFETIME_SECONDS) {
      if (!STORED_PATH.test(file)) throw new Error(`refusing to sign an unexpected media path: ${file}`);
      const expiry = String((Math.floor(nowMs / 1000 / lifetimeSeconds) + 2) * lifetimeSeconds);
      // Only the hourly paths are kept: a shorter lifetime is signed each time (private albums are small).
      if (lifetimeSeconds !== URL_LIFETIME_SECONDS) return `s/${expiry}/${mac(expiry, file)}/${file}`;
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

/** Where an Image of the contract sits in an answer: its paths are signed there and nowhere else. */
const IMAGE = '#/components/schemas/Image';
/** A PrivateImage (a photo of a private album): signed the same way, for PRIVATE_URL_LIFETIME_SECONDS. */
const PRIVATE_IMAGE = '#/components/schemas/PrivateImage';

type Json = Record<string, unknown>;

/** An Image with its three paths signed (a copy; the services choose which variant each path is). */
function signedImage(image: Json, signer: MediaSigner, nowMs: number, lifetimeSeconds?: number): Json {
  const sign = (path: unknown) => (typeof path === 'string' ? signer.sign(path, nowMs, lifetimeSeconds) : path);
  return { ...image, filename: sign(image.filename), thumb_filename: sign(image.thumb_filename), match_path: sign(image.match_path) };
}

const plansByTarget = new Map<string, Map<OperationId, SchemaPlan>>();
let messagePlan: SchemaPlan | null | undefined;

/** For each operation whose success answer can carry the schema `target`, where it sits (read from the contract once). */
function plansTo(target: string): Map<OperationId, SchemaPlan> {
  let plans = plansByTarget.get(target);
  if (!plans) {
    const { document, operations } = contract();
    plans = new Map();
    for (const op of operations.values()) {
      const plan = op.answers.reduce<SchemaPlan | null>((found, schema) => found ?? planTo(document, schema, target), null);
      if (plan) plans.set(op.id, plan);
    }
    plansByTarget.set(target, plans);
  }
  return plans;
}

/** A chat message (the event stream's `message` event) with its photo's paths signed, as in the contract's answers. */
export function signMessage<T>(message: T, signer: MediaSigner, nowMs = Date.now()): T {
  messagePlan ??= planTo(contract().document, { $ref: '#/components/schemas/Message' }, IMAGE);
  return (messagePlan ? applyPlan(message, messagePlan, (image) => signedImage(image, signer, nowMs)) : message) as T;
}

/**
 * Photo paths leave the backend signed, in the answers that carry photos: for an operation whose answer schema holds
 * the contract's Image (read from openapi.yaml at start), the response's JSON is rewritten along that schema before
 * it is sent, each Image's three paths signed (a copy; the service's object and a stored idempotent answer stay as
 * they were). No stored (and thus permanent) path reaches a browser, and a locked photo only ever carries its blurred
 * file: the services choose the variant, this signs it. A PrivateImage (a private album's photo) is signed the same
 * way for PRIVATE_URL_LIFETIME_SECONDS. `ready` loads the signer before an operation runs; an answer with photos sent
 * before it is loaded fails rather than leave unsigned.
 */
export function imageSigning(getSigner: () => Promise<MediaSigner>): { ready: RequestHandler; signAnswers: RequestHandler } {
  let signer: MediaSigner | undefined;
  return {
    ready: (_req, _res, next) => {
      if (signer) return next();
      getSigner().then((loaded) => {
        signer = loaded;
        next();
      }, next);
    },
    signAnswers: (req, res, next) => {
      const id = operationOf(req);
      const plan = id ? plansTo(IMAGE).get(id) : undefined;
      const privatePlan = id ? plansTo(PRIVATE_IMAGE).get(id) : undefined;
      if (!plan && !privatePlan) return next();
      const json = res.json.bind(res);
      res.json = (body: unknown) => {
        if (res.statusCode >= 300) return json(body);
        if (!signer) throw new Error('a photo path was about to leave unsigned: the media signer is not loaded');
        const loaded = signer;
        const nowMs = Date.now();
        let out = body;
        if (plan) out = applyPlan(out, plan, (image) => signedImage(image, loaded, nowMs));
        if (privatePlan) out = applyPlan(out, privatePlan, (image) => signedImage(image, loaded, nowMs, PRIVATE_URL_LIFETIME_SECONDS));
        return json(out);
      };
      next();
    },
  };
}
