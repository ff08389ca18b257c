import { useSyncExternalStore } from 'react';
import { POLL_INTERVAL_MS, POLL_INTERVAL_PUSH_MS } from '../../shared/constants';
import { isLiveStreamOpen, subscribeLiveStream } from './live-stream-state';

/**
 * The push state, shared by the push feature (which changes it) and the polling (which slows to
 * 300 s while push is subscribed). isSubscribed: the subscription as JSON, false, or 'denied'.
 */
export interface PushState {
  isCapable: boolean;
  isSubscribed: string | false | 'denied';
  lastMessage: string | null;
}

const INITIAL: PushState = { isCapable: false, isSubscribed: false, lastMessage: null };
let state: PushState = INITIAL;
const listeners = new Set<() => void>();

export function setPushState(patch: Partial<PushState>): void {
  const next = { ...state, ...patch };
  if (next.isCapable === state.isCapable && next.isSubscribed === state.isSubscribed && next.lastMessage === state.lastMessage) return;
  state = next;
  for (const l of listeners) l();
}

export function getPushState(): PushState {
  return state;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function usePushState(): PushState {
  return useSyncExternalStore(subscribe, getPushState, () => INITIAL);
}

function subscribePoll(listener: () => void): () => void {
  const push = subscribe(listener);
  const stream = subscribeLiveStream(listener);
  return () => {
    push();
    stream();
  };
}

const noSubscription = () => () => undefined;
const currentPollInterval = () => pollInterval(state, isLiveStreamOpen());
const firstPollInterval = () => pollInterval(INITIAL);

/**
 * The polling interval: none while the live stream is open (every change arrives on it), else 60 s, or 300 s while
 * push is subscribed. Polling is the fallback for the time the stream is down. A component re-renders only when the
 * interval itself changes (not when push becomes available, say), and not at all while `enabled` is false (a list
 * that is not loaded: the like hearts of a members page, a visitor's navigation).
 */
export function usePollInterval(enabled = true): number {
  return useSyncExternalStore(enabled ? subscribePoll : noSubscription, currentPollInterval, firstPollInterval);
}

export function pollInterval(state: Pick<PushState, 'isSubscribed'>, streamOpen = false): number {
  if (streamOpen) return 0;
  return state.isSubscribed && state.isSubscribed !== 'denied' ? POLL_INTERVAL_PUSH_MS : POLL_INTERVAL_MS;
}
