import { useSettings } from '../lib/store/store';

/**
 * The mark of a fictional profile, one of the site's declared hosts, wherever his name shows (member and like cards,
 * his profile, a conversation's header): the site's fictional icon and its name for one ("★ host profile") on a light
 * chip of its own — never text on a photo or a fade, so it reads at AA contrast in light and dark mode — with the
 * site's whole warning for screen readers. Nothing for a real member, nor on a site that marks no hosts.
 */
export function HostLabel({ profile, className = '' }: { profile: { fictional: boolean }; className?: string }) {
  const settings = useSettings();
  if (!profile.fictional || !settings.fictional_icon) return null;
  return (
    <span className={`host-label ${className}`} data-testid="host-label">
      <span aria-hidden="true">{settings.fictional_icon}</span>
      {settings.fictional_singular ? (
        <span className="host-label-text" aria-hidden="true">
          {settings.fictional_singular}
        </span>
      ) : null}
      <span className="visually-hidden">{settings.fictional_warning || settings.fictional_singular}</span>
    </span>
  );
}
