import { mkdtemp, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { createS3Store, type MediaStore } from '../lib/media-store';

/** Made-up keys: s3rver checks the signature against them, and the tests look for them in the logs. */
export const LOCAL_S3_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER-test-secret-never-logged' } as const;

/**
 * An S3-compatible server (s3rver, objects in a temporary folder) on a loopback port, for the tests of the S3 media
 * store. `stop()` makes it unreachable and `start()` brings it back on the same port with the same objects.
 */
export interface LocalS3 {
  endpoint: string;
  bucket: string;
  /** A client of the bucket, as the backend makes one from S3_BUCKET, S3_ENDPOINT and the AWS variables. */
  store(): MediaStore;
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

export async function startLocalS3(bucket = 'media'): Promise<LocalS3> {
  const directory = await mkdtemp(path.join(tmpdir(), 'local-s3-'));
  let port = 0;
  let server: S3rver | null = null;
  const start = async () => {
    const s3 = new S3rver({
      address: '127.0.0.1',
      port,
      silent: true,
      directory,
      configureBuckets: [{ name: bucket }],
    });
    const address = (await s3.run()) as AddressInfo;
    port = address.port;
    server = s3;
  };
  const stop = async () => {
    const s3 = server;
    server = null;
    if (!s3) return;
    const http = (s3 as unknown as { httpServer: Server }).httpServer;
    const closed = s3.close();
    http.closeAllConnections();
    await closed;
  };
  await start();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    store: () =>
      createS3Store({
        bucket,
        endpoint,
        region: 'us-east-1',
        forcePathStyle: true,
        credentials: LOCAL_S3_CREDENTIALS,
        requestTimeoutMs: 5000,
      }),
    stop,
    start,
    async close() {
      await stop();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
