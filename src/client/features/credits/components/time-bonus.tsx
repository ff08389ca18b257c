import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation } from 'react-router';
import { Link } from '../../../components/link';
import { COUNTDOWN_TICK_MS, WELCOME_DISCOUNT_PERCENT } from '../../../../shared/constants';
import { formatCountdown, timeBonusSecondsLeft } from '../../../../shared/time-bonus';
import { useDismissal } from '../../../hooks/use-dismissal';
import { useAppSelector, useCurrentUser } from '../../../lib/store/store';

/** The members area: members, members-id, chats, likes, likes-m-id and premium. */
export const MEMBERS_AREA = /^\/(members(\/\d+)?|chats(\/.*)?|likes(\/.*)?|premium)$/;

/**
 * The seconds left of the member's time bonus, ticking every second in the browser. The server and the
 * first browser render count from the moment the server rendered the page (the store's `renderedAt`), so the banner
 * is in the server's HTML (nothing moves when the page hydrates) and hydration agrees; then the browser's clock ticks.
 * 0 once it ran out, on logout, and always for a paid member, a moderator or an admin (neither the banner nor the
 * modal shows to those).
 */
export function useTimeBonus(): number {
  const user = useCurrentUser();
  const renderedAt = useAppSelector((s) => s.site.renderedAt ?? null);
  const [now, setNow] = useState<number | null>(renderedAt);
  // Ticks only while it can show: never for a paid member, a moderator or an admin (timeBonusSecondsLeft).
  const active = user !== null && !user.paid_user && (user.role ?? 'member') === 'member';
  useEffect(() => {
    if (!active) return;
    const tick = () => setNow(Date.now());
    const first = setTimeout(tick, 0);
    const timer = setInterval(tick, COUNTDOWN_TICK_MS);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [active]);
  if (now === null || !active) return 0;
  return timeBonusSecondsLeft(user, now);
}

export function Countdown({ seconds }: { seconds: number }) {
  return (
    <time className="time-bonus-countdown" dateTime={`PT${seconds}S`} data-testid="time-bonus-countdown">
      {formatCountdown(seconds)}
    </time>
  );
}

/** Pages about buying credits, where the bonus banner would only repeat the page. */
const CREDIT_PAGES = /^\/(credits|directdebit|transactions)(\/|$)/;

/**
 * Whether the welcome-bonus banner applies: the time bonus runs, the member has not closed the banner and is not on a
 * credits page. The member layout's prompt slot asks this to pick its one prompt.
 */
export function useWelcomeBanner(): { show: boolean; seconds: number; dismiss: () => void } {
  const user = useCurrentUser();
  const seconds = useTimeBonus();
  const { pathname } = useLocation();
  const [dismissedAt, dismiss] = useDismissal(user ? `time_bonus_banner_${user.id}` : null);
  return { show: seconds > 0 && dismissedAt === null && !CREDIT_PAGES.test(pathname), seconds, dismiss };
}

/** The welcome bonus banner: one compact line with 25 % off, its countdown, a link to buy and a close button. */
export function WelcomeBanner() {
  const intl = useIntl();
  const { show, seconds, dismiss } = useWelcomeBanner();
  if (!show) return null;
  return (
    <div className="prompt-bar time-bonus-banner" role="status" data-testid="time-bonus-banner">
      <span className="prompt-text">
        <FormattedMessage
          id="timeBonus.bannerShort"
          defaultMessage="{percent}% off your first credits · {countdown}"
          values={{ percent: WELCOME_DISCOUNT_PERCENT, countdown: <Countdown key="c" seconds={seconds} /> }}
        />
      </span>
      <Link to="/credits" className="btn btn-primary btn-sm">
        <FormattedMessage id="timeBonus.cta" defaultMessage="Use my bonus" />
      </Link>
      <button
        type="button"
        className="btn-close"
        aria-label={intl.formatMessage({ id: 'banner.dismiss', defaultMessage: 'Close this message' })}
        onClick={dismiss}
      />
    </div>
  );
}
