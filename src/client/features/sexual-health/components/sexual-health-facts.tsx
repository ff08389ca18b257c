import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import type { SexualHealthShown } from '../api/sexual-health';
import { dateOnly, HIV_STATUS_MESSAGES } from '../messages';

/**
 * Another member's sexual health details on his profile: the backend sends them only when his choice allows this
 * viewer (everyone, or a match), so this shows what came and nothing when nothing did. `listClass` is the profile's
 * own class for its facts: the page that carries its stylesheet names it (this component's chunk is shared with the
 * own profile page, which does not load that sheet).
 */
export function SexualHealthFacts({ health, listClass }: { health: SexualHealthShown | undefined; listClass: string }) {
  const intl = useIntl();
  if (!health || (health.hiv_status === null && health.on_prep === null && health.last_test === null)) return null;
  return (
    <section className="mt-4" data-testid="sexual-health-facts">
      <h2 className="h5 fw-bold">
        <FormattedMessage id="sexualHealth.title" defaultMessage="Sexual health" />
      </h2>
      <dl className={listClass}>
        {health.hiv_status ? (
          <div>
            <dt>
              <FormattedMessage id="sexualHealth.field.hivStatus" defaultMessage="HIV status" />
            </dt>
            <dd>{intl.formatMessage(HIV_STATUS_MESSAGES[health.hiv_status])}</dd>
          </div>
        ) : null}
        {health.on_prep !== null ? (
          <div>
            <dt>
              <FormattedMessage id="sexualHealth.field.onPrep" defaultMessage="On PrEP" />
            </dt>
            <dd>
              {health.on_prep ? (
                <FormattedMessage id="common.yes" defaultMessage="Yes" />
              ) : (
                <FormattedMessage id="common.no" defaultMessage="No" />
              )}
            </dd>
          </div>
        ) : null}
        {health.last_test ? (
          <div>
            <dt>
              <FormattedMessage id="sexualHealth.field.lastTest" defaultMessage="Last test" />
            </dt>
            <dd>
              <FormattedDate value={dateOnly(health.last_test)} dateStyle="medium" timeZone="UTC" />
            </dd>
          </div>
        ) : null}
      </dl>
    </section>
  );
}
