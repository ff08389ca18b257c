import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { ChatIcon, CheckIcon, HeartIcon, LockIcon } from '../../../components/icons';
import { FreeNote, SignupCta, type LanderProps } from './lander-parts';

function Tile({ icon, title, children }: { icon: ReactNode; title: ReactNode; children: ReactNode }) {
  return (
    <li className="icon-tile">
      <span className="icon-tile-icon">{icon}</span>
      <h2 className="h5">{title}</h2>
      <p className="mb-0">{children}</p>
    </li>
  );
}

/** /landers/iconslanding: four promises of the site as icon tiles. */
export function IconsLander({ siteName }: LanderProps) {
  return (
    <section className="lander lander-icons" data-variant="iconslanding">
      <div className="container py-5">
        <header className="text-center mb-4">
          <h1 className="lander-title">
            <FormattedMessage id="lander.icons.title" defaultMessage="Dating for gay men, made simple" />
          </h1>
          <p className="lander-sub">
            <FormattedMessage id="lander.icons.sub" defaultMessage="Why men choose {site}:" values={{ site: siteName }} />
          </p>
        </header>
        <ul className="icon-tiles list-unstyled">
          <Tile icon={<CheckIcon />} title={<FormattedMessage id="lander.icons.free" defaultMessage="Free to join" />}>
            <FormattedMessage id="lander.icons.freeBody" defaultMessage="Make a profile and browse members without paying." />
          </Tile>
          <Tile icon={<ChatIcon />} title={<FormattedMessage id="lander.icons.chat" defaultMessage="Chat right away" />}>
            <FormattedMessage id="lander.icons.chatBody" defaultMessage="Your first messages are free; after that you pay per message." />
          </Tile>
          <Tile icon={<HeartIcon />} title={<FormattedMessage id="lander.icons.match" defaultMessage="Likes and matches" />}>
            <FormattedMessage id="lander.icons.matchBody" defaultMessage="Like each other and it is a match." />
          </Tile>
          <Tile icon={<LockIcon />} title={<FormattedMessage id="lander.icons.private" defaultMessage="Discreet" />}>
            <FormattedMessage
              id="lander.icons.privateBody"
              defaultMessage="No subscription, no public profile outside the site, invisible mode if you want."
            />
          </Tile>
        </ul>
        <div className="text-center">
          <SignupCta />
          <FreeNote />
        </div>
      </div>
    </section>
  );
}
