import { FormattedMessage } from 'react-intl';
import { FreeNote, LanderPhoto, memberLine, SignupCta, type LanderMember } from './lander-parts';

export type MemberLanderKind = 'landing' | 'landing2' | 'landing3';

/**
 * /members/{id}/landing, /landing2/{slug?}, /landing3/{slug?}: a lander about one member — a profile card, a photo
 * hero with his message, or a chat preview — each leading into signup to answer him.
 */
export function MemberLander({
  member,
  kind,
  siteName,
  topic,
}: {
  member: LanderMember;
  kind: MemberLanderKind;
  siteName: string;
  topic: string | null;
}) {
  const place = topic ?? member.region ?? null;
  if (kind === 'landing2') {
    return (
      <section className="lander lander-member-hero" data-variant="landing2">
        <LanderPhoto member={member} decorative className="member-hero-bg" />
        <div className="container member-hero-content">
          <h1 className="lander-title">{memberLine(member)}</h1>
          <p className="lander-sub">
            <FormattedMessage
              id="lander.member.hero"
              defaultMessage="“Hey, I saw your profile. Fancy a chat?” – reply to {name} on {site}."
              values={{ name: member.name, site: siteName }}
            />
          </p>
          <SignupCta>
            <FormattedMessage id="lander.member.reply" defaultMessage="Reply to {name}" values={{ name: member.name }} />
          </SignupCta>
          <FreeNote />
        </div>
      </section>
    );
  }
  if (kind === 'landing3') {
    return (
      <section className="lander lander-member-chat" data-variant="landing3">
        <div className="container py-4">
          <div className="chat-preview surface">
            <header className="chat-preview-head">
              <LanderPhoto member={member} decorative className="social-avatar" />
              <div>
                <h1 className="h4 mb-0">{memberLine(member)}</h1>
                {member.online ? (
                  <span className="small text-success">
                    <FormattedMessage id="lander.online" defaultMessage="Online now" />
                  </span>
                ) : null}
              </div>
            </header>
            <p className="chat-preview-bubble">
              <FormattedMessage id="lander.member.chat1" defaultMessage="Hi! Are you new here?" />
            </p>
            <p className="chat-preview-bubble">
              {place ? (
                <FormattedMessage
                  id="lander.member.chat2Place"
                  defaultMessage="I live near {place}. Shall we get to know each other?"
                  values={{ place }}
                />
              ) : (
                <FormattedMessage id="lander.member.chat2" defaultMessage="Shall we get to know each other?" />
              )}
            </p>
            <p className="chat-locked">
              <FormattedMessage id="lander.member.locked" defaultMessage="Create a free profile to read and answer his messages." />
            </p>
            <SignupCta className="btn btn-primary w-100">
              <FormattedMessage id="lander.member.reply" defaultMessage="Reply to {name}" values={{ name: member.name }} />
            </SignupCta>
          </div>
          <FreeNote />
        </div>
      </section>
    );
  }
  return (
    <section className="lander lander-member-card" data-variant="landing">
      <div className="container py-5">
        <div className="member-card-lander surface">
          <LanderPhoto member={member} decorative className="member-card-photo" />
          <div>
            <h1 className="lander-title">
              <FormattedMessage
                id="lander.member.cardTitle"
                defaultMessage="{name} wants to meet you"
                values={{ name: memberLine(member) }}
              />
            </h1>
            <p className="lander-sub">
              <FormattedMessage
                id="lander.member.cardSub"
                defaultMessage="He is a member of {site}. Sign up for free to see his profile and send him a message."
                values={{ site: siteName }}
              />
            </p>
            <SignupCta>
              <FormattedMessage id="lander.member.reply" defaultMessage="Reply to {name}" values={{ name: member.name }} />
            </SignupCta>
            <FreeNote />
          </div>
        </div>
      </div>
    </section>
  );
}
