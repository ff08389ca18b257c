import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { FreeNote, LanderPhoto, memberLine, SignupCta, type LanderProps } from './lander-parts';

const SWIPES_BEFORE_SIGNUP = 3;

/** /landers/tinderswipe: a card stack to like or skip; after three swipes the signup invitation takes over. */
export function TinderswipeLander({ members, siteName }: LanderProps) {
  const intl = useIntl();
  const [index, setIndex] = useState(0);
  const [likes, setLikes] = useState(0);
  const deck = members.slice(0, 8);
  const done = index >= Math.min(SWIPES_BEFORE_SIGNUP, deck.length) || deck.length === 0;
  const current = deck[index];
  const swipe = (liked: boolean) => {
    if (liked) setLikes((n) => n + 1);
    setIndex((i) => i + 1);
  };
  return (
    <section className="lander lander-swipe" data-variant="tinderswipe">
      <div className="container py-4 text-center">
        <h1 className="lander-title">
          <FormattedMessage id="lander.swipe.title" defaultMessage="Swipe. Match. Chat." />
        </h1>
        <p className="lander-sub">
          <FormattedMessage
            id="lander.swipe.sub"
            defaultMessage="Like the men you fancy on {site} – a match starts the chat."
            values={{ site: siteName }}
          />
        </p>
        <div className="swipe-stage" aria-live="polite">
          {!done && current ? (
            <article className="swipe-card" key={current.id}>
              <LanderPhoto member={current} decorative />
              <div className="swipe-card-info">
                <h2 className="h4 mb-0">{memberLine(current)}</h2>
                {current.online ? (
                  <span className="badge text-bg-success">
                    <FormattedMessage id="lander.online" defaultMessage="Online now" />
                  </span>
                ) : null}
              </div>
            </article>
          ) : (
            <div className="swipe-done surface">
              <h2 className="h4">
                <FormattedMessage
                  id="lander.swipe.done"
                  defaultMessage="{likes, plural, =0 {Plenty more men are waiting} one {You liked # man} other {You liked # men}}"
                  values={{ likes }}
                />
              </h2>
              <p>
                <FormattedMessage id="lander.swipe.doneBody" defaultMessage="Create your free profile to see who likes you back." />
              </p>
              <SignupCta />
            </div>
          )}
        </div>
        {!done && current ? (
          <div className="swipe-actions">
            <button
              type="button"
              className="swipe-btn swipe-no"
              onClick={() => swipe(false)}
              aria-label={intl.formatMessage({ id: 'lander.swipe.skip', defaultMessage: 'Skip {name}' }, { name: current.name })}
            >
              ✕
            </button>
            <button
              type="button"
              className="swipe-btn swipe-yes"
              onClick={() => swipe(true)}
              aria-label={intl.formatMessage({ id: 'lander.swipe.like', defaultMessage: 'Like {name}' }, { name: current.name })}
            >
              ♥
            </button>
          </div>
        ) : null}
        <FreeNote />
      </div>
    </section>
  );
}
