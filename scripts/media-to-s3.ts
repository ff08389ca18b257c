/**
 * Copies an existing DATA_DIR/media into the S3 bucket the backend is configured for, so a site that kept its photos
 * on the local disk can switch on S3_BUCKET without losing one:
 *
 *   S3_BUCKET=… [S3_ENDPOINT=… S3_FORCE_PATH_STYLE=true] AWS_REGION=… AWS_ACCESS_KEY_ID=… AWS_SECRET_ACCESS_KEY=… \
 *   DATA_DIR=./var npm run media:to-s3
 *
 * The same environment as the backend's (mock-backend/lib/config.ts), read with the same rules. Objects already in the
 * bucket are skipped, so it may run again (after an interruption, or once more just before the switch to catch the
 * last uploads). Nothing is deleted from DATA_DIR/media: remove it once the backends run with S3_BUCKET.
 */
import path from 'node:path';
import { parseConfig } from '../mock-backend/lib/config';
import { copyMedia, createDiskStore, mediaStoreFromConfig } from '../mock-backend/lib/media-store';

const parsed = parseConfig(process.env);
if (!parsed.ok) {
  process.stderr.write(`${parsed.message}\n`);
  process.exit(1);
}
const config = parsed.config;
if (!config.S3_BUCKET) {
  process.stderr.write('media-to-s3: set S3_BUCKET (and S3_ENDPOINT or AWS_REGION) to the bucket to copy into\n');
  process.exit(1);
}
const mediaDir = path.join(path.resolve(config.DATA_DIR), 'media');
const started = performance.now();
let shown = 0;
copyMedia(createDiskStore(mediaDir), mediaStoreFromConfig(config, mediaDir), {
  onCopied: () => {
    shown += 1;
    if (shown % 500 === 0) process.stdout.write(`${shown} copied…\n`);
  },
}).then(
  ({ copied, skipped }) => {
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    process.stdout.write(
      `media-to-s3: ${copied} copied, ${skipped} already in s3://${config.S3_BUCKET} (from ${mediaDir}, ${seconds} s)\n`,
    );
  },
  (err: unknown) => {
    process.stderr.write(`media-to-s3: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);
