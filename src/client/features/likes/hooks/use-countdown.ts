import { useEffect, useState } from 'react';
import { COUNTDOWN_TICK_MS } from '../../../../shared/constants';

/**
 * Seconds left of a countdown that starts at `seconds` (null: none), ticking every second. A new start
 * value restarts it. The server render and the first browser render show the start value, so hydration agrees.
 */
export function useCountdown(seconds: number | null): number | null {
  const [state, setState] = useState<{ from: number | null; left: number | null }>({ from: seconds, left: seconds });
  useEffect(() => {
    if (seconds === null) return;
    const endsAt = Date.now() + seconds * 1000;
    const timer = setInterval(
      () => setState({ from: seconds, left: Math.max(0, Math.ceil((endsAt - Date.now()) / 1000)) }),
      COUNTDOWN_TICK_MS,
    );
    return () => clearInterval(timer);
  }, [seconds]);
  return state.from === seconds ? state.left : seconds;
}
