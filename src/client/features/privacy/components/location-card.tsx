import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Alert, Button } from 'reactstrap';
import { CountryLabel } from '../../../components/country-label';
import { useApi } from '../../../lib/api-client';
import { useGeocode } from '../api/geocode';
import { forgetLocation, saveLocation } from '../api/save-location';
import { useCurrentPosition, useGeolocationPermission } from '../hooks/use-geolocation';

/**
 * Lets the member share a coarse position so others see a distance band. Shows the browser's permission state
 * (unsupported, unknown, prompt, granted, denied); the server keeps only a ~5 km grid cell and never sends it back.
 */
export function LocationCard({ hasLocation, onChange }: { hasLocation: boolean; onChange: () => void }) {
  const api = useApi();
  const permission = useGeolocationPermission();
  const { locate } = useCurrentPosition();
  const [position, setPosition] = useState<{ lat: number; lon: number } | null>(null);
  const [state, setState] = useState<'idle' | 'busy' | 'saved' | 'failed'>('idle');
  const place = useGeocode(position);

  const share = async () => {
    setState('busy');
    const pos = await locate();
    if (!pos) {
      setState('failed');
      return;
    }
    try {
      await saveLocation(api, pos);
      setPosition(pos);
      setState('saved');
      onChange();
    } catch {
      setState('failed');
    }
  };

  const forget = async () => {
    setState('busy');
    try {
      await forgetLocation(api);
      setPosition(null);
      setState('idle');
      onChange();
    } catch {
      setState('failed');
    }
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
            <Button color="primary" outline disabled={state === 'busy' || permission === 'denied'} onClick={() => void share()}>
              {hasLocation ? (
                <FormattedMessage id="location.update" defaultMessage="Update my location" />
              ) : (
                <FormattedMessage id="location.share" defaultMessage="Share my location" />
              )}
            </Button>
            {hasLocation ? (
              <Button color="link" disabled={state === 'busy'} onClick={() => void forget()}>
                <FormattedMessage id="location.forget" defaultMessage="Forget my location" />
              </Button>
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
