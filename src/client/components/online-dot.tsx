import { useIntl } from 'react-intl';

export function OnlineDot({ online }: { online: boolean }) {
  const intl = useIntl();
  const label = online
    ? intl.formatMessage({ id: 'member.online', defaultMessage: 'Online' })
    : intl.formatMessage({ id: 'member.offline', defaultMessage: 'Offline' });
  return <span className={`online-dot${online ? ' is-online' : ''}`} role="img" aria-label={label} title={label} />;
}
