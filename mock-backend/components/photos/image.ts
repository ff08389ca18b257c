import sharp, { type Metadata } from 'sharp';
import { PHOTO_MAX_BYTES } from '../../../src/shared/photo-files';
import { AppError } from '../../lib/errors';

/** The browser checks the same limit before uploading (src/shared/photo-files.ts). */
export const MAX_UPLOAD_BYTES = PHOTO_MAX_BYTES;
/** 40 megapixels: larger images (and decompression bombs, which claim huge sizes in a few bytes) are refused. */
const MAX_INPUT_PIXELS = 40_000_000;
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif']);

export interface PhotoVariants {
  full: Buffer;
  thumb: Buffer;
  blurred: Buffer;
}

const invalid = () => new AppError(422, 'photo_invalid');

/**
 * Decodes an upload by its content only (never its name or type header), refuses anything that is not a still
 * image of an accepted format or has more than MAX_INPUT_PIXELS, and re-encodes it: metadata (EXIF, GPS, ICC
 * comments) is not copied, orientation is applied first. Returns JPEG full, thumb and blurred variants.
 */
export async function processPhoto(input: Buffer): Promise<PhotoVariants> {
  if (input.length === 0 || input.length > MAX_UPLOAD_BYTES) throw invalid();
  let meta: Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  } catch {
    throw invalid();
  }
  if (!meta.format || !ACCEPTED_FORMATS.has(meta.format) || !meta.width || !meta.height) throw invalid();
  if (meta.width * meta.height > MAX_INPUT_PIXELS) throw invalid();
  const source = () => sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, animated: false, failOn: 'error' }).rotate();
  try {
    const [full, thumb, blurred] = await Promise.all([
      source().resize(1280, 1280, { fit: 'inside', withoutEnlargement: true }).jpeg({ quality: 85, mozjpeg: true }).toBuffer(),
      source().resize(300, 300, { fit: 'cover', position: 'attention' }).jpeg({ quality: 80, mozjpeg: true }).toBuffer(),
      source().resize(480, 480, { fit: 'inside', withoutEnlargement: true }).blur(24).jpeg({ quality: 60 }).toBuffer(),
    ]);
    return { full, thumb, blurred };
  } catch {
    throw invalid();
  }
}
