import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { FreeNote, LanderPhoto, memberLine, SignupCta, type LanderProps } from './lander-parts';

/**
 * /landers/video: a short looping clip drawn locally — an animated scene of member photos, chat bubbles and a heart
 * (CSS keyframes, no file fetched from anywhere). It plays muted, pauses on request and for reduced motion.
 */
export function VideoLander({ members }: LanderProps) {
  const intl = useIntl();
  const [playing, setPlaying] = useState(true);
  const [a, b] = members;
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
          <figure className={`video-clip ${playing ? 'is-playing' : 'is-paused'}`} data-testid="video-clip">
            <div className="video-frame" role="img" aria-label={intl.formatMessage({ id: 'lander.video.alt', defaultMessage: 'Animation: two members like each other and start chatting' })}>
              {a ? <LanderPhoto member={a} decorative className="video-face video-face-a" /> : null}
              {b ? <LanderPhoto member={b} decorative className="video-face video-face-b" /> : null}
              <span className="video-heart" aria-hidden="true">♥</span>
              <span className="video-bubble video-bubble-1" aria-hidden="true">
                {a ? memberLine(a) : ''} 👋
              </span>
              <span className="video-bubble video-bubble-2" aria-hidden="true">
                <FormattedMessage id="lander.video.bubble" defaultMessage="It's a match!" />
              </span>
            </div>
            <figcaption className="video-controls">
              <button type="button" className="btn btn-sm btn-light" onClick={() => setPlaying((p) => !p)} aria-pressed={!playing}>
                {playing ? <FormattedMessage id="lander.video.pause" defaultMessage="Pause" /> : <FormattedMessage id="lander.video.play" defaultMessage="Play" />}
              </button>
            </figcaption>
          </figure>
        </div>
      </div>
    </section>
  );
}
