import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation, useNavigate } from 'react-router';
import { Link } from '../../../components/link';
import { COUNTDOWN_TICK_MS, TIME_BONUS_MODAL_DELAY_SECONDS, WELCOME_DISCOUNT_PERCENT } from '../../../../shared/constants';
import { formatCountdown, timeBonusSecondsLeft } from '../../../../shared/time-bonus';
import { Modal } from '../../../components/modal';
import { useDismissal } from '../../../hooks/use-dismissal';
import { useAppSelector, useCurrentUser } from '../../../lib/store/store';

/** The members area: members, members-id, chats, likes, likes-m-id and premium. */
const MEMBERS_AREA = /^\/(members(\/\d+)?|chats(\/.*)?|likes(\/.*)?|premium)$/;

/**
 * The seconds left of the member's time bonus, ticking every second in the browser. The server and the
 * first browser render count from the moment the server rendered the page (the store's `renderedAt`), so the banner
 * is in the server's HTML (nothing moves when the page hydrates) and hydration agrees; then the browser's clock ticks.
 * 0 once it ran out, on logout, and always for a paid member, a moderator or an admin (neither the banner nor the
 * modal shows to those).
 */
function useTimeBonus(): number {
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

function Countdown({ seconds }: { seconds: number }) {
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

/**
 * The time-bonus modal: 40 seconds after the member entered the members area, when he is logged in, has 0
 * credits, has not dismissed it and the time bonus runs. Closing it stores the dismissal (`time_bonus_<id>`).
 */
export function TimeBonusModal() {
  const intl = useIntl();
  const user = useCurrentUser();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const seconds = useTimeBonus();
  const [dismissedAt, dismiss] = useDismissal(user ? `time_bonus_${user.id}` : null);
  const [due, setDue] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const inArea = MEMBERS_AREA.test(pathname);
  // The 40 seconds run from the first entry into the members area, wherever the member goes next.
  useEffect(() => {
    if (inArea && timer.current === null) timer.current = setTimeout(() => setDue(true), TIME_BONUS_MODAL_DELAY_SECONDS * 1000);
  }, [inArea]);
  useEffect(
    () => () => {
      if (timer.current !== null) clearTimeout(timer.current);
      timer.current = null;
    },
    [],
  );
  if (!due || !user || user.credits !== 0 || dismissedAt !== null || seconds <= 0) return null;
  return (
    <Modal
      title={intl.formatMessage(
        { id: 'timeBonus.modal.title', defaultMessage: 'Your welcome bonus: {percent}% off' },
        { percent: WELCOME_DISCOUNT_PERCENT },
      )}
      onDismiss={dismiss}
      testId="time-bonus-modal"
      footer={
        <>
          <button type="button" className="btn btn-outline-secondary text-body" onClick={dismiss}>
            <FormattedMessage id="timeBonus.modal.close" defaultMessage="Maybe later" />
          </button>
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => {
              dismiss();
              void navigate('/credits');
            }}
          >
            <FormattedMessage id="timeBonus.cta" defaultMessage="Use my bonus" />
          </button>
        </>
      }
    >
      <p>
        <FormattedMessage
          id="timeBonus.modal.body"
          defaultMessage="As a new member you get {percent}% off your first credit bundle. Start chatting for less — the offer ends in {countdown}."
          values={{ percent: WELCOME_DISCOUNT_PERCENT, countdown: <Countdown key="c" seconds={seconds} /> }}
        />
      </p>
    </Modal>
  );
}
