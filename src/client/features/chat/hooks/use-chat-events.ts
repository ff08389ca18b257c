import { useEffect, useRef } from 'react';
import { eventHub, type ChatEvent } from '../realtime/event-hub';

/** Calls `listener` for every event of the member's stream while `enabled` (browser only; one stream per browser). */
export function useChatEvents(enabled: boolean, listener: (event: ChatEvent) => void): void {
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(() => {
    if (!enabled) return undefined;
    return eventHub().subscribe((event) => latest.current(event));
  }, [enabled]);
}
