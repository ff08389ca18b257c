import { randomBytes } from 'node:crypto';
import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { operationValidator } from '../../lib/operation-router';
import { createMediaSigner, imageSigning } from './signing';

const signer = createMediaSigner(randomBytes(32));
const image = { filename: 'u/ab/photo-full.jpg', thumb_filename: 'u/ab/photo-thumb.jpg', match_path: 'u/ab/photo-match.jpg', id: 7 };

/** An app whose getProfile answers `answer`, with the operation found and its answer's photos signed as the backend does. */
function appWith(answer: unknown, ready = true) {
  const app = express();
  const signing = imageSigning(() => Promise.resolve(signer));
  app.use(operationValidator({ maxUploadBytes: 1024 }));
  if (ready) app.use(signing.ready);
  app.use(signing.signAnswers);
  app.get('/api/profile.php', (_req, res) => {
    res.json(answer);
  });
  app.get('/api/settings.php', (_req, res) => {
    res.json(answer);
  });
  return app;
}

describe('photo URLs: signed in the answers that carry photos', () => {
  it('When an answer holds Image objects where its schema has them, then every path leaves signed and the answer object stays as it was', async () => {
    const answer = {
      profile: { main_image: { ...image }, images: [{ ...image }], name: 'u/ab/photo-full.jpg' },
      extra: { filename: image.filename, thumb_filename: image.thumb_filename, match_path: image.match_path },
    };
    const res = await request(appWith(answer)).get('/api/profile.php?id=5').expect(200);
    for (const img of [res.body.profile.main_image, res.body.profile.images[0]]) {
      expect(signer.verify(img.filename)).toBe(image.filename);
      expect(signer.verify(img.thumb_filename)).toBe(image.thumb_filename);
      expect(signer.verify(img.match_path)).toBe(image.match_path);
      expect(img.id).toBe(7);
    }
    // Only the schema's Images are signed (nothing shaped like one elsewhere); the route's own object is not changed.
    expect(res.body.profile.name).toBe('u/ab/photo-full.jpg');
    expect(res.body.extra.filename).toBe(image.filename);
    expect(answer.profile.main_image.filename).toBe(image.filename);
  });

  it('When an operation answers no photos, then its answer is sent as it is', async () => {
    const answer = { photo: { ...image } };
    const res = await request(appWith(answer)).get('/api/settings.php').expect(200);
    expect(res.body.photo.filename).toBe(image.filename);
  });

  it('When an Image would leave before the signer is loaded, then the answer fails instead of carrying a stored path', async () => {
    const res = await request(appWith({ profile: { main_image: { ...image } } }, false)).get('/api/profile.php?id=5');
    expect(res.status).toBe(500);
    expect(res.text).not.toContain('photo-full.jpg');
  });
});

describe('photo URLs: signatures kept for the current expiry', () => {
  it('When the same path is signed again, then it is the same signed path until the hour moves on; then it carries the new expiry and verifies, and the old one still verifies until it expires', () => {
    const own = createMediaSigner(randomBytes(32));
    const now = Date.UTC(2026, 10, 27, 10, 15);
    const first = own.sign(image.filename, now);
    expect(own.sign(image.filename, now + 30 * 60_000)).toBe(first);
    expect(own.verify(first, now)).toBe(image.filename);
    const later = own.sign(image.filename, now + 60 * 60_000);
    expect(later).not.toBe(first);
    expect(later.split('/')[1]).toBe(String(Number(first.split('/')[1]) + 3600));
    expect(own.verify(later, now + 60 * 60_000)).toBe(image.filename);
    expect(own.verify(first, now + 60 * 60_000)).toBe(image.filename);
    expect(own.verify(first, Number(first.split('/')[1]) * 1000)).toBeNull();
    // Back to the earlier hour (a clock set back): signed for that hour again, the same as before.
    expect(own.sign(image.filename, now)).toBe(first);
    // Another signer's key never yields the same path.
    expect(createMediaSigner(randomBytes(32)).sign(image.filename, now)).not.toBe(first);
  });
});
