import type { Schemas } from '../../../../shared/api/client';
import { useSettings } from '../../../lib/store/store';

/**
 * The site's fictional icon and warning beside a fictional profile (a host), wherever its like shows: a notice on a
 * tint of its own (`.fictional-warning`), readable at AA contrast in light and dark mode.
 */
export function FictionalNote({ profile, className }: { profile: Schemas['ProfileSummary']; className?: string }) {
  const settings = useSettings();
  if (!profile.fictional || !settings.fictional_icon) return null;
  return (
    <p className={`fictional-warning small ${className ?? ''}`} data-testid="host-notice">
      <span aria-hidden="true">{settings.fictional_icon} </span>
      {settings.fictional_warning}
    </p>
  );
}
