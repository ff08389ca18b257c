import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Alert, Button } from 'reactstrap';
import { CountryLabel } from '../../../components/country-label';
import { useRouterFetcher } from '../../../components/router-fetcher';
import { useGeocode } from '../api/geocode';
import { useCurrentPosition, useGeolocationPermission } from '../hooks/use-geolocation';

/** The card's forms (their route action: the own profile's, app/pages/my-profile-page.tsx). */
export const LOCATION_FORM = 'location';
export const FORGET_LOCATION_FORM = 'forget_location';
/** Where the card's forms post: the own profile page, where it is shown. */
const LOCATION_ACTION = '/profile';

/**
 * Lets the member share a coarse position so others see a distance band. Shows the browser's permission state
 * (unsupported, unknown, prompt, granted, denied); the server keeps only a ~5 km grid cell and never sends it back.
 * Both writes are forms of the own profile's action: the position the browser gives (`intent=location`, `lat`, `lon`)
 * through a fetcher, and forgetting it (`intent=forget_location`) — a plain form that works without JavaScript too.
 * `onChange` runs when the backend stored either (the page reloads his profile, whose `has_location` follows).
 */
export function LocationCard({ hasLocation, onChange }: { hasLocation: boolean; onChange: () => void }) {
  const permission = useGeolocationPermission();
  const { locate } = useCurrentPosition();
  const fetcher = useRouterFetcher();
  const [position, setPosition] = useState<{ lat: number; lon: number } | null>(null);
  const [state, setState] = useState<'idle' | 'locating' | 'saved' | 'failed'>('idle');
  const place = useGeocode(position);
  const busy = state === 'locating' || fetcher.state !== 'idle';

  const send = async (form: FormData): Promise<boolean> => {
    try {
      await fetcher.submit(LOCATION_ACTION, form);
      onChange();
      return true;
    } catch {
      setState('failed');
      return false;
    }
  };

  const share = async () => {
    setState('locating');
    const pos = await locate();
    if (!pos) {
      setState('failed');
      return;
    }
    const form = new FormData();
    form.set('intent', LOCATION_FORM);
    form.set('lat', String(pos.lat));
    form.set('lon', String(pos.lon));
    if (!(await send(form))) return;
    setPosition(pos);
    setState('saved');
  };

  const forget = async (form: HTMLFormElement) => {
    if (!(await send(new FormData(form)))) return;
    setPosition(null);
    setState('idle');
  };

  return (
    <section className="surface" aria-labelledby="location-heading">
      <h2 id="location-heading" className="h5 fw-bold">
        <FormattedMessage id="location.title" defaultMessage="Distance to other members" />
      </h2>
      <p className="text-body-secondary">
        <FormattedMessage id="location.help" defaultMessage="Others only see a rough distance such as “5–10 km”, never where you are." />
      </p>
      {permission === 'unsupported' ? (
        <p className="mb-0">
          <FormattedMessage id="location.unsupported" defaultMessage="This browser cannot share a location." />
        </p>
      ) : (
        <>
          {permission === 'denied' ? (
            <Alert color="warning" fade={false}>
              <FormattedMessage id="location.denied" defaultMessage="Location access is blocked for this site in your browser settings." />
            </Alert>
          ) : null}
          <div className="d-flex flex-wrap gap-2 align-items-center">
            <Button color="primary" outline disabled={busy || permission === 'denied'} onClick={() => void share()}>
              {hasLocation ? (
                <FormattedMessage id="location.update" defaultMessage="Update my location" />
              ) : (
                <FormattedMessage id="location.share" defaultMessage="Share my location" />
              )}
            </Button>
            {hasLocation ? (
              <form
                method="post"
                action={LOCATION_ACTION}
                onSubmit={(event) => {
                  event.preventDefault();
                  void forget(event.currentTarget);
                }}
              >
                <input type="hidden" name="intent" value={FORGET_LOCATION_FORM} />
                <Button type="submit" color="link" disabled={busy}>
                  <FormattedMessage id="location.forget" defaultMessage="Forget my location" />
                </Button>
              </form>
            ) : null}
          </div>
          <div role="status" aria-live="polite" className="mt-2">
            {state === 'saved' ? (
              <span>
                <FormattedMessage id="location.saved" defaultMessage="Location saved." />{' '}
                {place.data ? <CountryLabel country={place.data.country} region={place.data.region ?? null} /> : null}
              </span>
            ) : null}
            {state === 'failed' ? (
              <span className="text-danger">
                <FormattedMessage id="location.failed" defaultMessage="Your location could not be determined." />
              </span>
            ) : null}
          </div>
        </>
      )}
    </section>
  );
}
