import { FormattedMessage } from 'react-intl';
import { useSettings } from '../../../lib/store/store';

/** The disclaimer under the footer of the default and lander layouts: adults only, and the fictional-profiles note. */
export function SiteDisclaimer() {
  const settings = useSettings();
  return (
    <div className="site-disclaimer" data-testid="site-disclaimer">
      <div className="container">
        <p className="mb-1">
          <FormattedMessage
            id="disclaimer.adults"
            defaultMessage="{site} is only for adults (18+). All persons shown were at least 18 years old when the photos were taken."
            values={{ site: settings.name }}
          />
        </p>
        {settings.fictional_warning ? <p className="mb-0">{settings.fictional_warning}</p> : null}
      </div>
    </div>
  );
}
