import { FormattedMessage } from 'react-intl';
import { FreeNote, LanderPhoto, memberLine, SignupCta, type LanderProps } from './lander-parts';

/** /landers/gallery: a photo gallery; the last row stays blurred until you sign up. */
export function GalleryLander({ members, topic }: LanderProps) {
  const shown = members.slice(0, 12);
  return (
    <section className="lander lander-gallery" data-variant="gallery">
      <div className="container py-4">
        <header className="text-center mb-4">
          <h1 className="lander-title">
            {topic ? (
              <FormattedMessage id="lander.gallery.titlePlace" defaultMessage="New faces in {place}" values={{ place: topic }} />
            ) : (
              <FormattedMessage id="lander.gallery.title" defaultMessage="New faces this week" />
            )}
          </h1>
          <p className="lander-sub">
            <FormattedMessage id="lander.gallery.sub" defaultMessage="Browse for free. Sign up to see every photo and start a chat." />
          </p>
        </header>
        <ul className="gallery-grid list-unstyled">
          {shown.map((m, i) => (
            <li key={m.id} className={i >= 8 ? 'is-teaser' : undefined}>
              <LanderPhoto member={m} decorative />
              <span className="gallery-grid-caption">{memberLine(m)}</span>
            </li>
          ))}
        </ul>
        <div className="text-center">
          <SignupCta>
            <FormattedMessage id="lander.gallery.cta" defaultMessage="See all photos" />
          </SignupCta>
          <FreeNote />
        </div>
      </div>
    </section>
  );
}
