import { useSyncExternalStore } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { OnlineDot } from '../../../components/online-dot';

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** "3 hours ago" in the page's language: the largest whole unit of the time since `iso`. */
function relativeParts(iso: string, now: number): [number, Intl.RelativeTimeFormatUnit] {
  const ago = Math.max(0, now - Date.parse(iso));
  for (const [unit, ms] of UNITS) if (ago >= ms) return [-Math.floor(ago / ms), unit];
  return [0, 'minute'];
}

/** A clock that ticks once a minute (the relative time is shown to the minute). */
function subscribeMinutes(onTick: () => void): () => void {
  const timer = setInterval(onTick, 60_000);
  return () => clearInterval(timer);
}
const currentMinute = () => Math.floor(Date.now() / 60_000) * 60_000;

/**
 * "Online now" or "last online 3 hours ago"; nothing about time for invisible members (the server sends null). The
 * relative time is computed in the browser only (the server snapshot is null), so the server's HTML and the first
 * browser render agree.
 */
export function LastOnline({ online, lastActive }: { online: boolean; lastActive: string | null }) {
  const intl = useIntl();
  const now = useSyncExternalStore(subscribeMinutes, currentMinute, () => null);
  let text;
  if (online) text = <FormattedMessage id="chat.onlineNow" defaultMessage="Online now" />;
  else if (lastActive && now !== null) {
    const [value, unit] = relativeParts(lastActive, now);
    text = (
      <FormattedMessage
        id="chat.lastOnline"
        defaultMessage="Last online {when}"
        values={{ when: intl.formatRelativeTime(value, unit, { numeric: 'auto', style: 'long' }) }}
      />
    );
  } else text = null;
  return (
    <span className="d-inline-flex align-items-center gap-1 small text-body-secondary" data-testid="last-online">
      <OnlineDot online={online} />
      {text}
    </span>
  );
}
