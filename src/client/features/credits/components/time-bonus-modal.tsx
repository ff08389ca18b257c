import { useEffect, useRef, useState, type RefObject } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { TIME_BONUS_MODAL_DELAY_SECONDS, WELCOME_DISCOUNT_PERCENT } from '../../../../shared/constants';
import { Modal } from '../../../components/modal';
import { useDismissal } from '../../../hooks/use-dismissal';
import { useCurrentUser } from '../../../lib/store/store';
import { Countdown, useTimeBonus } from './time-bonus';

/*
 * A module of its own: the modal never shows before 40 seconds in the members area, so the members' chunk loads its
 * code once the page is up (member-parts.tsx), not with the page.
 */

/**
 * The time-bonus modal: 40 seconds after the member first entered the members area (`enteredAt`: the `Date.now()` the
 * layout took then, null before), when he is logged in, has 0 credits, has not dismissed it and the time bonus runs.
 * Closing it stores the dismissal (`time_bonus_<id>`). The 40 seconds count from the entry, not from the moment this
 * module arrived: on a slow connection its code may come seconds after the page.
 */
export function TimeBonusModal({ inArea, enteredAt }: { inArea: boolean; enteredAt: RefObject<number | null> }) {
  const intl = useIntl();
  const user = useCurrentUser();
  const navigate = useNavigate();
  const seconds = useTimeBonus();
  const [dismissedAt, dismiss] = useDismissal(user ? `time_bonus_${user.id}` : null);
  const [due, setDue] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => {
    if (!inArea || timer.current !== null) return;
    // Mounted with the layout, this effect runs before the layout's own one has taken the moment: it is now.
    const left = TIME_BONUS_MODAL_DELAY_SECONDS * 1000 - (Date.now() - (enteredAt.current ?? Date.now()));
    timer.current = setTimeout(() => setDue(true), Math.max(0, left));
  }, [inArea, enteredAt]);
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
