import { FormattedMessage } from 'react-intl';
import { FreeNote, LanderPhoto, SignupCta, type LanderProps } from './lander-parts';

/** /landers/transitionsvideolanding: member photos cross-fade full screen (CSS only) under the invitation. */
export function TransitionsLander({ members, topic }: LanderProps) {
  const slides = members.slice(0, 5);
  return (
    <section
      className="lander lander-transitions"
      data-variant="transitionsvideolanding"
      style={{ ['--slides' as string]: Math.max(slides.length, 1) }}
    >
      <div className="transition-slides" aria-hidden="true">
        {slides.map((m, i) => (
          <LanderPhoto key={m.id} member={m} decorative className="transition-slide" style={{ animationDelay: `${i * 4}s` }} />
        ))}
      </div>
      <div className="container transitions-content">
        <h1 className="lander-title">
          {topic ? (
            <FormattedMessage
              id="lander.transitions.titlePlace"
              defaultMessage="Your next date in {place} is here"
              values={{ place: topic }}
            />
          ) : (
            <FormattedMessage id="lander.transitions.title" defaultMessage="Your next date is already here" />
          )}
        </h1>
        <p className="lander-sub">
          <FormattedMessage id="lander.transitions.sub" defaultMessage="New men join every day. Be the first to say hi." />
        </p>
        <SignupCta />
        <FreeNote />
      </div>
    </section>
  );
}
