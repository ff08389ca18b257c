import { FormattedMessage } from 'react-intl';
import { FreeNote, LanderPhoto, SignupCta, type LanderProps } from './lander-parts';

/** /landers/collagelanding: a mosaic of member photos behind a centred invitation. */
export function CollageLander({ members, siteName, topic }: LanderProps) {
  const tiles = members.slice(0, 12);
  return (
    <section className="lander lander-collage" data-variant="collagelanding">
      <div className="collage-bg" aria-hidden="true">
        {tiles.map((m, i) => (
          <LanderPhoto key={m.id} member={m} decorative className={`collage-tile collage-tile-${i % 4}`} />
        ))}
      </div>
      <div className="container collage-content">
        <div className="collage-card">
          <h1 className="lander-title">
            {topic ? (
              <FormattedMessage id="lander.collage.titlePlace" defaultMessage="Real men from {place}" values={{ place: topic }} />
            ) : (
              <FormattedMessage id="lander.collage.title" defaultMessage="Real men. Real chats." />
            )}
          </h1>
          <p className="lander-sub">
            <FormattedMessage
              id="lander.collage.sub"
              defaultMessage="Every face here is a member of {site}. Make your profile and say hello."
              values={{ site: siteName }}
            />
          </p>
          <SignupCta />
          <FreeNote />
        </div>
      </div>
    </section>
  );
}
