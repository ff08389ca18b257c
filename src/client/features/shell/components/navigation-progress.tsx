import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import { PROGRESS_BAR } from '../../../../shared/constants';
import { inflightCount, subscribeActivity } from '../../../lib/activity';

type Phase = 'idle' | 'running' | 'done';

/**
 * The progress bar on client navigations: it appears only when the new page is still loading data after the
 * throttle (200 ms), creeps towards the end over the duration (5 s), fills when loading ends and hides 500 ms later.
 */
export function NavigationProgress() {
  const location = useLocation();
  const busy = useSyncExternalStore(
    subscribeActivity,
    () => inflightCount() > 0,
    () => false,
  );
  const [phase, setPhase] = useState<Phase>('idle');
  const [started, setStarted] = useState(false);
  const first = useRef(true);

  // A navigation: wait out the throttle, then show the bar if data is still loading.
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const timer = setTimeout(() => {
      if (inflightCount() > 0) {
        setStarted(false);
        setPhase('running');
        requestAnimationFrame(() => setStarted(true));
      }
    }, PROGRESS_BAR.throttleMs);
    return () => clearTimeout(timer);
  }, [location.key]);

  // Loading ended while the bar runs: fill it, then hide it.
  useEffect(() => {
    if (phase !== 'running' || busy) return;
    const fill = setTimeout(() => setPhase('done'), 0);
    return () => clearTimeout(fill);
  }, [busy, phase]);
  useEffect(() => {
    if (phase !== 'done') return;
    const hide = setTimeout(() => setPhase('idle'), PROGRESS_BAR.hideAfterMs);
    return () => clearTimeout(hide);
  }, [phase]);

  if (phase === 'idle') return null;
  const width = phase === 'done' ? '100%' : started ? '90%' : '5%';
  const transition =
    phase === 'running' && started ? `width ${PROGRESS_BAR.durationMs}ms cubic-bezier(0.1, 0.7, 0.3, 1)` : 'width 0.2s ease-out';
  return (
    <div className="nav-progress" data-testid="nav-progress" data-phase={phase} aria-hidden="true">
      <span style={{ width, transition }} />
    </div>
  );
}
