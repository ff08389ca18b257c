import { LockIcon } from './icons';

export interface PhotoSource {
  match_path: string;
  thumb_filename: string;
  locked?: boolean | undefined;
}

/** Photo URL: the site's cdn_prefix plus the match path (or the thumbnail file name). */
export function photoUrl(cdnPrefix: string, image: PhotoSource, thumb = false): string {
  const path = thumb ? image.thumb_filename : image.match_path;
  if (/^(https?:)?\/\//.test(path)) return path;
  return `${cdnPrefix.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

/**
 * A member photo, or a fallback tile with the initial when there is none. Locked photos (the viewer only gets the
 * blurred variant) are blurred further with a lock overlay.
 */
export function MemberPhoto({
  cdnPrefix,
  image,
  alt,
  name,
  thumb = false,
  eager = false,
  priority = false,
}: {
  cdnPrefix: string;
  image: PhotoSource | null;
  alt: string;
  name: string;
  thumb?: boolean;
  eager?: boolean;
  /** The first photos of a page (its largest paint on a phone): fetched before other images. */
  priority?: boolean;
}) {
  return (
    <span className={`member-photo${image?.locked ? ' is-locked' : ''}`}>
      {image ? (
        <img
          src={photoUrl(cdnPrefix, image, thumb)}
          alt={alt}
          loading={eager || priority ? 'eager' : 'lazy'}
          decoding="async"
          {...(priority ? { fetchPriority: 'high' as const } : {})}
        />
      ) : (
        <span className="photo-fallback" role="img" aria-label={alt}>
          {name.slice(0, 1).toUpperCase()}
        </span>
      )}
      {image?.locked ? (
        <span className="photo-lock">
          <LockIcon />
        </span>
      ) : null}
    </span>
  );
}
