import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { FreeNote, LanderPhoto, memberLine, SignupCta, type LanderProps } from './lander-parts';

/** The clip made by scripts/generate-lander-clip.ts (no text in it, so it serves every language). */
const CLIP = { webm: '/clips/match.webm', mp4: '/clips/match.mp4', poster: '/clips/match-poster.jpg' } as const;

/**
 * /landers/video: a short, muted, looping clip of two members who like each other and start chatting, with real
 * members of the site beneath it. It pauses on request, and does not start by itself for visitors who prefer
 * reduced motion.
 */
export function VideoLander({ members }: LanderProps) {
  const intl = useIntl();
  const video = useRef<HTMLVideoElement>(null);
  const [playing, setPlaying] = useState(true);

  // The element is the source of truth: the button plays or pauses it, and the state follows its events.
  useEffect(() => {
    if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) video.current?.pause();
  }, []);
  const toggle = () => {
    const el = video.current;
    if (!el) return;
    if (el.paused) el.play().catch(() => setPlaying(false));
    else el.pause();
  };

  return (
    <section className="lander lander-video" data-variant="video">
      <div className="container py-4">
        <div className="video-columns">
          <div>
            <h1 className="lander-title">
              <FormattedMessage id="lander.video.title" defaultMessage="See how a match starts" />
            </h1>
            <p className="lander-sub">
              <FormattedMessage id="lander.video.sub" defaultMessage="A like, a match, a first message – it takes less than a minute." />
            </p>
            <SignupCta />
            <FreeNote />
          </div>
          <figure className="video-clip" data-testid="video-clip">
            <video
              ref={video}
              className="video-frame"
              poster={CLIP.poster}
              muted
              loop
              playsInline
              autoPlay
              preload="metadata"
              aria-label={intl.formatMessage({
                id: 'lander.video.alt',
                defaultMessage: 'Animation: two members like each other and start chatting',
              })}
              onPlay={() => setPlaying(true)}
              onPause={() => setPlaying(false)}
            >
              <source src={CLIP.webm} type="video/webm" />
              <source src={CLIP.mp4} type="video/mp4" />
            </video>
            <figcaption className="video-controls">
              <button type="button" className="btn btn-sm btn-light" onClick={toggle} aria-pressed={!playing}>
                {playing ? (
                  <FormattedMessage id="lander.video.pause" defaultMessage="Pause" />
                ) : (
                  <FormattedMessage id="lander.video.play" defaultMessage="Play" />
                )}
              </button>
            </figcaption>
          </figure>
        </div>
        {members.length > 0 ? (
          <ul
            className="video-members"
            aria-label={intl.formatMessage({ id: 'lander.video.members', defaultMessage: 'Men you could meet' })}
          >
            {members.slice(0, 4).map((m) => (
              <li key={m.id}>
                <LanderPhoto member={m} decorative className="video-member-photo" />
                <span>{memberLine(m)}</span>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </section>
  );
}
