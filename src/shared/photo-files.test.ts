import { describe, expect, it } from 'vitest';
import { checkPhotoFile, PHOTO_MAX_BYTES } from './photo-files';

describe('photo files before upload', () => {
  it('When a file is a JPEG of 10 MB, then it may go; 52 MB is too large; a PDF or a file without a type is no photo', () => {
    expect(checkPhotoFile({ size: PHOTO_MAX_BYTES, type: 'image/jpeg' })).toBeNull();
    expect(checkPhotoFile({ size: 52 * 1024 * 1024, type: 'image/jpeg' })).toBe('too_large');
    expect(checkPhotoFile({ size: 1000, type: 'application/pdf' })).toBe('wrong_type');
    expect(checkPhotoFile({ size: 1000, type: '' })).toBe('wrong_type');
    expect(checkPhotoFile({ size: 1000, type: 'image/heic' })).toBe('wrong_type');
  });
});
