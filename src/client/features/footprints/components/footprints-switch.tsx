import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation, useSearchParams } from 'react-router';
import { useFormFailure } from '../../../components/progressive-form';
import { SwitchField } from '../../../components/switch-field';
import { RouterForm, usePendingForm } from '../../../components/router-form';
import { useFootprintSettings } from '../api/footprints';

/** The switch's form (its route action: app/pages/visitors-page.tsx). */
export const FOOTPRINTS_FORM = 'footprints';
/** The switch's field: on when sent (`enabled=on`). */
export const FOOTPRINTS_FIELD = 'enabled';
/** Where the switch's form posts (the Visitors page's action), from the Visitors page and the own profile alike. */
const FOOTPRINTS_ACTION = '/visitors';
/** The query the action's 303 adds to the page it returns to. */
export const FOOTPRINTS_SAVED = 'footprints_saved';

/**
 * Footprints on or off: a form posted to /visitors (`intent=footprints`), whose action saves the switch as sent and
 * answers 303 back to the page it came from (`return`). With JavaScript the switch sends the form through the router
 * at once; without, a Save button does.
 */
export function FootprintsSwitch() {
  const intl = useIntl();
  const id = useId();
  const { pathname } = useLocation();
  const [search] = useSearchParams();
  const refused = useFormFailure(FOOTPRINTS_FORM);
  const sending = usePendingForm(FOOTPRINTS_ACTION, { intent: FOOTPRINTS_FORM, withReload: true });
  const { data, error } = useFootprintSettings(true);
  if (data === undefined && !error) return null;
  const checked = sending ? sending.has(FOOTPRINTS_FIELD) : data === true;
  const status = sending
    ? null
    : refused || error
      ? intl.formatMessage({ id: 'error.generic.later', defaultMessage: 'An error occurred, please try again later.' })
      : search.get(FOOTPRINTS_SAVED)
        ? intl.formatMessage({ id: 'footprints.saved', defaultMessage: 'Saved.' })
        : null;

  return (
    <section className="surface" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="h5 fw-bold">
        <FormattedMessage id="footprints.settings.title" defaultMessage="Footprints" />
      </h2>
      <RouterForm action={FOOTPRINTS_ACTION} replace preventScrollReset data-testid="footprints-switch">
        <input type="hidden" name="intent" value={FOOTPRINTS_FORM} />
        <input type="hidden" name="return" value={pathname} />
        <SwitchField
          id={id}
          name={FOOTPRINTS_FIELD}
          checked={checked}
          label={<FormattedMessage id="footprints.settings.label" defaultMessage="Show who visited my profile and leave footprints" />}
          help={
            <FormattedMessage
              id="footprints.settings.help"
              defaultMessage="When this is off, the members whose profiles you open do not see your visit, and you do not see who visited you. Visits are kept for 30 days."
            />
          }
          save={<FormattedMessage id="footprints.settings.save" defaultMessage="Save" />}
        />
        <p role="status" className="small text-body-secondary mt-2 mb-0">
          {status}
        </p>
      </RouterForm>
    </section>
  );
}
