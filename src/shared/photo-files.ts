/**
 * What a photo file must be before it is uploaded (profile photos and photo messages): the browser checks it before
 * sending, the backend checks the same limits again and the content itself (it stays the authority).
 */

/** At most this many bytes per photo. */
export const PHOTO_MAX_BYTES = 10 * 1024 * 1024;
/** The image types accepted (the backend checks the content, not this name). */
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif'] as const;

export type PhotoFileProblem = 'too_large' | 'wrong_type';

/** Why the file cannot be sent as a photo, or null. A file the browser gives no image type is no photo. */
export function checkPhotoFile(file: { size: number; type: string }): PhotoFileProblem | null {
  if (!(PHOTO_TYPES as readonly string[]).includes(file.type)) return 'wrong_type';
  if (file.size > PHOTO_MAX_BYTES) return 'too_large';
  return null;
}
