import { badgeText } from '../../shared/constants';

/** A counter badge (99+ above 99); renders nothing for zero. */
export function CountBadge({ count, tone = 'unread', label }: { count: number; tone?: string; label: string }) {
  const text = badgeText(count);
  if (!text) return null;
  return (
    <span className={`badge rounded-pill text-bg-${tone}`}>
      <span aria-hidden="true">{text}</span>
      <span className="visually-hidden">{label}</span>
    </span>
  );
}
