// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useGeolocationPermission } from './use-geolocation';

function Probe() {
  return <p data-testid="permission">{useGeolocationPermission()}</p>;
}

const nav = navigator as unknown as Record<string, unknown>;
afterEach(() => {
  cleanup();
  delete nav.geolocation;
  delete nav.permissions;
});

/** A PermissionStatus whose state the test changes (as the member does in the browser's settings). */
function fakeStatus(initial: PermissionState) {
  const target = new EventTarget() as EventTarget & { state: PermissionState };
  target.state = initial;
  return {
    status: target,
    change(state: PermissionState) {
      target.state = state;
      target.dispatchEvent(new Event('change'));
    },
  };
}

describe('geolocation permission', () => {
  it('When the browser has no geolocation, then the state is unsupported', () => {
    render(<Probe />);
    expect(screen.getByTestId('permission').textContent).toBe('unsupported');
  });

  it('When geolocation exists but the Permissions API does not, then the state is unknown', () => {
    Object.defineProperty(navigator, 'geolocation', { value: {}, configurable: true });
    render(<Probe />);
    expect(screen.getByTestId('permission').textContent).toBe('unknown');
  });

  it('When the browser reports prompt, granted or denied, then the state follows it, also when the member changes it', async () => {
    const fake = fakeStatus('prompt');
    Object.defineProperty(navigator, 'geolocation', { value: {}, configurable: true });
    Object.defineProperty(navigator, 'permissions', { value: { query: async () => fake.status }, configurable: true });
    render(<Probe />);
    expect(await screen.findByText('prompt')).toBeTruthy();
    act(() => fake.change('granted'));
    expect(screen.getByTestId('permission').textContent).toBe('granted');
    act(() => fake.change('denied'));
    expect(screen.getByTestId('permission').textContent).toBe('denied');
  });
});
