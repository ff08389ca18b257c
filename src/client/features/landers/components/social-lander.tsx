import { FormattedMessage } from 'react-intl';
import { FreeNote, LanderPhoto, memberLine, SignupCta, type LanderProps } from './lander-parts';

/** /landers/socialnetwork: a social feed of what members just did. */
export function SocialLander({ members, siteName }: LanderProps) {
  const feed = members.slice(0, 5);
  return (
    <section className="lander lander-social" data-variant="socialnetwork">
      <div className="container py-4 social-columns">
        <div>
          <h1 className="lander-title">
            <FormattedMessage id="lander.social.title" defaultMessage="Your new gay social network" />
          </h1>
          <p className="lander-sub">
            <FormattedMessage
              id="lander.social.sub"
              defaultMessage="Follow what is happening on {site}, like profiles and chat with the men you like."
              values={{ site: siteName }}
            />
          </p>
          <SignupCta>
            <FormattedMessage id="lander.social.cta" defaultMessage="Join the community" />
          </SignupCta>
          <FreeNote />
        </div>
        <ol className="social-feed list-unstyled" aria-label={siteName}>
          {feed.map((m, i) => (
            <li key={m.id} className="social-post">
              <LanderPhoto member={m} decorative className="social-avatar" />
              <div>
                <strong>{memberLine(m)}</strong>
                <p className="mb-0">
                  {i % 3 === 0 ? (
                    <FormattedMessage id="lander.social.newPhoto" defaultMessage="added a new profile photo" />
                  ) : i % 3 === 1 ? (
                    <FormattedMessage id="lander.social.online" defaultMessage="is online and looking for a chat" />
                  ) : (
                    <FormattedMessage id="lander.social.joined" defaultMessage="just joined" />
                  )}
                </p>
              </div>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
