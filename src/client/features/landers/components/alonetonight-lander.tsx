import { FormattedMessage } from 'react-intl';
import { FreeNote, LanderPhoto, memberLine, SignupCta, type LanderProps } from './lander-parts';

/** /landers/alonetonight: a night-sky page with the men who are online right now. */
export function AloneTonightLander({ members, topic }: LanderProps) {
  const online = members.filter((m) => m.online);
  const shown = (online.length >= 3 ? online : members).slice(0, 6);
  return (
    <section className="lander lander-night" data-variant="alonetonight">
      <div className="container py-5 text-center">
        <h1 className="lander-title">
          <FormattedMessage id="lander.night.title" defaultMessage="Alone tonight?" />
        </h1>
        <p className="lander-sub">
          {topic ? (
            <FormattedMessage
              id="lander.night.subPlace"
              defaultMessage="{count, plural, one {# man} other {# men}} near {place} want to chat tonight."
              values={{ count: Math.max(online.length, shown.length), place: topic }}
            />
          ) : (
            <FormattedMessage
              id="lander.night.sub"
              defaultMessage="{count, plural, one {# man is} other {# men are}} online and want to chat tonight."
              values={{ count: Math.max(online.length, shown.length) }}
            />
          )}
        </p>
        <ul className="night-grid list-unstyled">
          {shown.map((m) => (
            <li key={m.id}>
              <LanderPhoto member={m} decorative />
              <span className="night-name">
                {m.online ? <span className="online-pulse" aria-hidden="true" /> : null}
                {memberLine(m)}
              </span>
            </li>
          ))}
        </ul>
        <SignupCta>
          <FormattedMessage id="lander.night.cta" defaultMessage="Start chatting tonight" />
        </SignupCta>
        <FreeNote />
      </div>
    </section>
  );
}
