import { createReadStream } from 'node:fs';
import { lstat, mkdir, readdir, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Logger } from 'pino';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';

/**
 * Where photos and photo messages are kept: the folder DATA_DIR/media (the embedded default) or a bucket of an
 * S3-compatible object store (S3_BUCKET). Keys are the relative paths the database stores (`u/3f/…-full.jpg`,
 * `chat/ab/…-thumb.jpg`, `avatars/avatar-01.jpg`); nothing else is ever read, written or deleted.
 *
 * A store that cannot be reached (or refuses us) throws `MediaStoreUnavailable`: the API answers 503
 * `media_store_unavailable`, and the callers write no database row for files they could not store.
 */
export interface MediaStore {
  readonly kind: 'disk' | 's3';
  /** Stores a new object (the names are random, so an existing one is never meant to be replaced). */
  put(key: string, body: Buffer): Promise<void>;
  /** The object as a stream with its size and date, or null when there is none. */
  get(key: string): Promise<StoredObject | null>;
  exists(key: string): Promise<boolean>;
  /** Deletes the object; answers false when there was none. */
  remove(key: string): Promise<boolean>;
  /** Every object under the prefix (`chat/`; `` for all), with its last modification. */
  list(prefix: string): AsyncIterable<{ key: string; lastModified: Date }>;
}

export interface StoredObject {
  body: Readable;
  size: number;
  lastModified: Date;
  etag: string;
}

/** The store could not do what was asked. Carries no credentials: only the operation, the key and the store's reason. */
export class MediaStoreUnavailable extends Error {
  readonly operation: string;
  readonly key: string;
  readonly reason: string;

  constructor(operation: string, key: string, err: unknown) {
    const reason = describe(err);
    super(`media store unavailable (${operation} ${key}): ${reason}`);
    this.name = 'MediaStoreUnavailable';
    this.operation = operation;
    this.key = key;
    this.reason = reason;
  }
}

function describe(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const status = (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  const code = (err as NodeJS.ErrnoException).code;
  return [err.name, code, status, err.message]
    .filter((v) => v !== undefined && v !== '')
    .join(' ')
    .slice(0, 300);
}

/** Relative paths only: segments of letters, digits, `_`, `-` and `.`, none starting with a dot. */
const KEY = /^(?:[A-Za-z0-9_-][A-Za-z0-9_.-]*\/)*[A-Za-z0-9_-][A-Za-z0-9_.-]*$/;

function checkKey(key: string): string {
  if (!KEY.test(key)) throw new Error(`not a media key: ${key}`);
  return key;
}

const missing = (err: unknown): boolean => {
  const code = (err as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
};

/** DATA_DIR/media on the local disk (one instance, or several on a shared volume). */
export function createDiskStore(mediaDir: string): MediaStore {
  const root = path.resolve(mediaDir);
  const fileOf = (key: string): string => {
    const file = path.resolve(root, ...checkKey(key).split('/'));
    if (!file.startsWith(root + path.sep)) throw new Error(`not a media key: ${key}`);
    return file;
  };
  return {
    kind: 'disk',
    async put(key, body) {
      const file = fileOf(key);
      try {
        await mkdir(path.dirname(file), { recursive: true });
        await writeFile(file, body, { flag: 'wx' });
      } catch (err) {
        throw new MediaStoreUnavailable('put', key, err);
      }
    },
    async get(key) {
      const file = fileOf(key);
      let info;
      try {
        info = await stat(file);
      } catch (err) {
        if (missing(err)) return null;
        throw new MediaStoreUnavailable('get', key, err);
      }
      if (!info.isFile()) return null;
      return {
        body: createReadStream(file),
        size: info.size,
        lastModified: info.mtime,
        etag: `W/"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`,
      };
    },
    async exists(key) {
      try {
        return (await stat(fileOf(key))).isFile();
      } catch (err) {
        if (missing(err)) return false;
        throw new MediaStoreUnavailable('exists', key, err);
      }
    },
    async remove(key) {
      try {
        await unlink(fileOf(key));
        return true;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false;
        throw new MediaStoreUnavailable('remove', key, err);
      }
    },
    async *list(prefix) {
      // Real folders and regular files only: a symbolic link never leads the walk outside the media folder.
      const walk = async function* (dir: string, keyPrefix: string): AsyncGenerator<{ key: string; lastModified: Date }> {
        let entries;
        try {
          entries = await readdir(dir, { withFileTypes: true });
        } catch (err) {
          if (missing(err)) return;
          throw new MediaStoreUnavailable('list', keyPrefix, err);
        }
        for (const entry of entries) {
          const key = `${keyPrefix}${entry.name}`;
          if (!KEY.test(key)) continue;
          if (entry.isDirectory()) yield* walk(path.join(dir, entry.name), `${key}/`);
          else if (entry.isFile()) {
            const info = await lstat(path.join(dir, entry.name)).catch(() => null);
            if (info?.isFile()) yield { key, lastModified: info.mtime };
          }
        }
      };
      const base = prefix.replace(/\/+$/, '');
      yield* base === '' ? walk(root, '') : walk(fileOf(base), `${base}/`);
    },
  };
}

export interface S3StoreOptions {
  bucket: string;
  /** An S3-compatible endpoint (MinIO, Ceph RGW, R2, …); unset = AWS S3 in `region`. */
  endpoint?: string | undefined;
  region?: string | undefined;
  /** `https://endpoint/bucket/key` instead of `https://bucket.endpoint/key` (MinIO, most self-hosted stores). */
  forcePathStyle?: boolean | undefined;
  /** Unset = the SDK's default chain (environment, shared files, the instance's role). */
  credentials?: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** Per-request socket timeout; a store that does not answer in time counts as down. */
  requestTimeoutMs?: number;
}

const statusOf = (err: unknown): number | undefined => (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
const notThere = (err: unknown): boolean => {
  const name = (err as { name?: string }).name;
  return statusOf(err) === 404 || name === 'NoSuchKey' || name === 'NotFound';
};

/** A bucket of an S3-compatible store, through @aws-sdk/client-s3. */
export function createS3Store(opts: S3StoreOptions): MediaStore {
  const client = new S3Client({
    region: opts.region ?? 'us-east-1',
    ...(opts.endpoint ? { endpoint: opts.endpoint } : {}),
    forcePathStyle: opts.forcePathStyle ?? false,
    ...(opts.credentials ? { credentials: opts.credentials } : {}),
    // One retry, and a store that does not accept the connection within 2 s counts as down: two attempts stay within
    // the BFF's 5 s per attempt, so the member gets the 503 rather than a timeout; the sweep tries again within the hour.
    maxAttempts: 2,
    requestHandler: { connectionTimeout: 2000, requestTimeout: opts.requestTimeoutMs ?? 15_000 },
    // Checksums only where an operation requires them: several S3-compatible stores refuse the newer default ones.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = opts.bucket;
  const head = async (key: string, operation: string): Promise<boolean> => {
    try {
      await client.send(new HeadObjectCommand({ Bucket, Key: key }));
      return true;
    } catch (err) {
      if (notThere(err)) return false;
      throw new MediaStoreUnavailable(operation, key, err);
    }
  };
  return {
    kind: 's3',
    async put(key, body) {
      try {
        await client.send(
          new PutObjectCommand({ Bucket, Key: checkKey(key), Body: body, ContentType: 'image/jpeg', ContentLength: body.length }),
        );
      } catch (err) {
        throw new MediaStoreUnavailable('put', key, err);
      }
    },
    async get(key) {
      try {
        const out = await client.send(new GetObjectCommand({ Bucket, Key: checkKey(key) }));
        const body = out.Body as Readable | undefined;
        if (!body) return null;
        return {
          body,
          size: out.ContentLength ?? 0,
          lastModified: out.LastModified ?? new Date(0),
          etag: out.ETag ?? `"${key}"`,
        };
      } catch (err) {
        if (notThere(err)) return null;
        throw new MediaStoreUnavailable('get', key, err);
      }
    },
    exists: (key) => head(checkKey(key), 'exists'),
    async remove(key) {
      // DeleteObject answers alike whether or not the object was there; asking first tells the callers.
      if (!(await head(checkKey(key), 'remove'))) return false;
      try {
        await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
        return true;
      } catch (err) {
        if (notThere(err)) return false;
        throw new MediaStoreUnavailable('remove', key, err);
      }
    },
    async *list(prefix) {
      let token: string | undefined;
      do {
        let page;
        try {
          page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix, ...(token ? { ContinuationToken: token } : {}) }));
        } catch (err) {
          throw new MediaStoreUnavailable('list', prefix, err);
        }
        for (const object of page.Contents ?? []) {
          if (object.Key && KEY.test(object.Key)) yield { key: object.Key, lastModified: object.LastModified ?? new Date() };
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
  };
}

/**
 * Stores every file or none: when one cannot be stored (the store is down: 503), those already stored are removed
 * again and the error goes on, before any row names them.
 */
export async function putAll(media: MediaStore, files: ReadonlyArray<readonly [string, Buffer]>): Promise<void> {
  const results = await Promise.allSettled(files.map(([key, body]) => media.put(key, body)));
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (!failed) return;
  const stored = files.filter((_, i) => results[i]?.status === 'fulfilled').map(([key]) => key);
  await Promise.all(stored.map((key) => media.remove(key).catch(() => false)));
  throw failed.reason;
}

/**
 * Copies every object of one store into another (DATA_DIR/media into a bucket: scripts/media-to-s3.ts). Objects the
 * target has already are skipped, so an interrupted copy can simply run again. `concurrency` copies at a time.
 */
export async function copyMedia(
  from: MediaStore,
  to: MediaStore,
  opts: { concurrency?: number; onCopied?: (key: string) => void } = {},
): Promise<{ copied: number; skipped: number }> {
  const result = { copied: 0, skipped: 0 };
  const running = new Set<Promise<void>>();
  const copyOne = async (key: string) => {
    if (await to.exists(key)) {
      result.skipped += 1;
      return;
    }
    const object = await from.get(key);
    if (!object) return;
    const chunks: Buffer[] = [];
    for await (const chunk of object.body) chunks.push(chunk as Buffer);
    await to.put(key, Buffer.concat(chunks));
    result.copied += 1;
    opts.onCopied?.(key);
  };
  for await (const { key } of from.list('')) {
    const job: Promise<void> = copyOne(key).finally(() => running.delete(job));
    running.add(job);
    if (running.size >= (opts.concurrency ?? 8)) await Promise.race(running);
  }
  await Promise.all(running);
  return result;
}

/** The store the configuration names: the bucket when S3_BUCKET is set, else DATA_DIR/media. */
export function mediaStoreFromConfig(
  config: {
    S3_BUCKET?: string | undefined;
    S3_ENDPOINT?: string | undefined;
    S3_FORCE_PATH_STYLE?: boolean | undefined;
    AWS_REGION?: string | undefined;
    AWS_ACCESS_KEY_ID?: string | undefined;
    AWS_SECRET_ACCESS_KEY?: string | undefined;
  },
  mediaDir: string,
): MediaStore {
  if (!config.S3_BUCKET) return createDiskStore(mediaDir);
  return createS3Store({
    bucket: config.S3_BUCKET,
    endpoint: config.S3_ENDPOINT,
    region: config.AWS_REGION,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    credentials:
      config.AWS_ACCESS_KEY_ID && config.AWS_SECRET_ACCESS_KEY
        ? { accessKeyId: config.AWS_ACCESS_KEY_ID, secretAccessKey: config.AWS_SECRET_ACCESS_KEY }
        : undefined,
  });
}

/**
 * Files newer than this are never swept as orphans: a send or an upload stores its files before the transaction that
 * inserts the row naming them.
 */
export const ORPHAN_GRACE_SECONDS = 3600;

/** What an orphan sweep over one prefix of the store must know (sweepOrphans). */
export interface OrphanSweep {
  /** The prefix listed (`chat/`, `u/`). */
  prefix: string;
  /** The full variant a file belongs to (the name a row keeps), or null for a name the sweep leaves alone. */
  fullOf: (key: string) => string | null;
  /** Which of these full variants a row still names. */
  referenced: (fulls: string[]) => Promise<Set<string>>;
  /** Files older than this (epoch ms) are considered: ORPHAN_GRACE_SECONDS before now. */
  cutoff: number;
  /** The warning logged when one file cannot be deleted (the sweep tries it again next time). */
  failedDelete: string;
}

/**
 * Deletes the files under a prefix that no row names, once they are older than the cutoff: the files are grouped by
 * the full variant they belong to and checked against the rows 500 variants at a time. A file that cannot be deleted
 * is logged and left for the next sweep; a store that is down throws (the job runs again). Answers how many files
 * it deleted.
 */
export async function sweepOrphans(media: MediaStore, logger: Logger, sweep: OrphanSweep): Promise<number> {
  let byFull = new Map<string, string[]>();
  let deleted = 0;
  const settle = async () => {
    const fulls = [...byFull.keys()];
    const live = fulls.length === 0 ? new Set<string>() : await sweep.referenced(fulls);
    for (const [full, keys] of byFull) {
      if (live.has(full)) continue;
      for (const key of keys) {
        try {
          if (await media.remove(key)) deleted += 1;
        } catch (err) {
          logger.warn({ err, file: key }, sweep.failedDelete);
        }
      }
    }
    byFull = new Map();
  };
  for await (const object of media.list(sweep.prefix)) {
    const full = sweep.fullOf(object.key);
    if (full === null || object.lastModified.getTime() > sweep.cutoff) continue;
    byFull.set(full, [...(byFull.get(full) ?? []), object.key]);
    if (byFull.size >= 500) await settle();
  }
  await settle();
  return deleted;
}
