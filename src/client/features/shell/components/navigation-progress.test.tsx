// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, useNavigate } from 'react-router';
import { trackFetch } from '../../../lib/activity';
import { NavigationProgress } from './navigation-progress';

let go: (to: string) => void = () => undefined;
function Navigator() {
  const navigate = useNavigate();
  useEffect(() => {
    go = (to) => void navigate(to);
  }, [navigate]);
  return null;
}

function setup() {
  return render(
    <MemoryRouter initialEntries={['/']}>
      <Navigator />
      <NavigationProgress />
    </MemoryRouter>,
  );
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('navigation progress bar', () => {
  it('When a navigation still loads data after 200 ms, then the bar shows, fills when loading ends and is gone 500 ms later', async () => {
    const { container } = setup();
    let finish: (r: Response) => void = () => undefined;
    const slow = trackFetch(() => new Promise<Response>((resolve) => (finish = resolve)));
    await act(async () => {
      go('/members');
      void slow('/api/members.php');
    });
    await act(async () => vi.advanceTimersByTime(150));
    expect(container.querySelector('[data-testid="nav-progress"]')).toBeNull();
    await act(async () => vi.advanceTimersByTime(100));
    expect(container.querySelector('[data-testid="nav-progress"]')?.getAttribute('data-phase')).toBe('running');
    await act(async () => {
      finish(new Response('{}'));
      await Promise.resolve();
    });
    await act(async () => vi.advanceTimersByTime(10));
    expect(container.querySelector('[data-testid="nav-progress"]')?.getAttribute('data-phase')).toBe('done');
    await act(async () => vi.advanceTimersByTime(500));
    expect(container.querySelector('[data-testid="nav-progress"]')).toBeNull();
  });

  it('When a navigation has nothing to load, then no bar appears at all', async () => {
    const { container } = setup();
    await act(async () => go('/pages/faq'));
    await act(async () => vi.advanceTimersByTime(1000));
    expect(container.querySelector('[data-testid="nav-progress"]')).toBeNull();
  });
});
