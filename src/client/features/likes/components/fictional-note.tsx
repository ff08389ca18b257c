import type { Schemas } from '../../../../shared/api/client';
import { useSettings } from '../../../lib/store/store';

/** The site's fictional icon and warning beside a fictional profile, wherever its like shows. */
export function FictionalNote({ profile, className }: { profile: Schemas['ProfileSummary']; className?: string }) {
  const settings = useSettings();
  if (!profile.fictional || !settings.fictional_icon) return null;
  return (
    <p className={`fictional-warning small ${className ?? ''}`}>
      <span aria-hidden="true">{settings.fictional_icon} </span>
      {settings.fictional_warning}
    </p>
  );
}

/** Just the icon after a name, with the warning as its accessible description. */
export function FictionalIcon({ profile }: { profile: Schemas['ProfileSummary'] }) {
  const settings = useSettings();
  if (!profile.fictional || !settings.fictional_icon) return null;
  return (
    <span className="fictional-icon" title={settings.fictional_warning}>
      {' '}
      <span aria-hidden="true">{settings.fictional_icon}</span>
      <span className="visually-hidden">{settings.fictional_warning}</span>
    </span>
  );
}
