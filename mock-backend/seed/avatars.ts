import sharp from 'sharp';
import type { MediaStore } from '../lib/media-store';

export interface AvatarFiles {
  filename: string;
  thumb_filename: string;
  blurred_filename: string;
}

function avatarSvg(index: number): string {
  const hue = (index * 47) % 360;
  const hue2 = (hue + 40 + (index % 3) * 25) % 360;
  const skin = ['#f1c27d', '#e0ac69', '#c68642', '#8d5524', '#ffdbac', '#d1a17a'][index % 6];
  const shirt = `hsl(${(hue + 180) % 360}, 45%, 35%)`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600" viewBox="0 0 600 600">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="hsl(${hue}, 70%, 62%)"/>
      <stop offset="1" stop-color="hsl(${hue2}, 65%, 38%)"/>
    </linearGradient>
  </defs>
  <rect width="600" height="600" fill="url(#bg)"/>
  <path d="M90 600 C 100 440, 190 400, 300 400 C 410 400, 500 440, 510 600 Z" fill="${shirt}"/>
  <rect x="262" y="330" width="76" height="80" rx="20" fill="${skin}"/>
  <ellipse cx="300" cy="250" rx="105" ry="125" fill="${skin}"/>
  <path d="M195 230 C 200 140, 260 115, 300 115 C 350 115, 405 140, 405 230 C 380 180, 330 170, 300 172 C 265 170, 220 180, 195 230 Z"
        fill="hsl(${(index * 31) % 60}, 35%, ${15 + (index % 4) * 12}%)"/>
</svg>`;
}

/** One avatar's three JPEGs: the full picture, its thumbnail and its blurred variant. */
export interface AvatarImages {
  full: Buffer;
  thumb: Buffer;
  blurred: Buffer;
}

/** Draws avatar number `index`: the same pictures every time. */
async function drawAvatar(index: number): Promise<AvatarImages> {
  const full = await sharp(Buffer.from(avatarSvg(index)))
    .jpeg({ quality: 82, mozjpeg: true })
    .toBuffer();
  const [thumb, blurred] = await Promise.all([
    sharp(full).resize(200, 200).jpeg({ quality: 80 }).toBuffer(),
    sharp(full).resize(300, 300).blur(18).jpeg({ quality: 70 }).toBuffer(),
  ]);
  return { full, thumb, blurred };
}

/**
 * Draws `count` distinct avatars locally (gradient, head and shoulders; shared by many demo members, so nothing
 * personal on them) into the media store under avatars/: a 600×600 JPEG, a 200×200 thumbnail and a blurred variant.
 * Avatars already there are kept. Returns their keys (relative to the cdn_prefix). With `drawn`, pictures drawn for
 * an earlier store are taken from it and new ones kept in it (a process that seeds many databases: the tests).
 */
export async function generateAvatars(
  media: MediaStore,
  count: number,
  drawn?: Map<number, Promise<AvatarImages>>,
): Promise<AvatarFiles[]> {
  const draw = (index: number): Promise<AvatarImages> => {
    if (!drawn) return drawAvatar(index);
    let images = drawn.get(index);
    if (!images) drawn.set(index, (images = drawAvatar(index)));
    return images;
  };
  return Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const base = `avatar-${String(i + 1).padStart(2, '0')}`;
      const files: AvatarFiles = {
        filename: `avatars/${base}.jpg`,
        thumb_filename: `avatars/${base}-thumb.jpg`,
        blurred_filename: `avatars/${base}-blur.jpg`,
      };
      if (await media.exists(files.blurred_filename)) return files;
      const { full, thumb, blurred } = await draw(i);
      // The blurred one last: its presence is what says the avatar is complete.
      for (const key of [files.filename, files.thumb_filename]) {
        if (!(await media.exists(key))) await media.put(key, key === files.filename ? full : thumb);
      }
      await media.put(files.blurred_filename, blurred);
      return files;
    }),
  );
}
