import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { EMPTY_WORDS, type WordsState } from '../../../components/profile-words-fields';

/** The signup form draft plus the wizard's place in it. */
export interface SignupDraft {
  step: number;
  email: string;
  password: string;
  name: string;
  date_of_birth: string;
  signup_message: string;
  about: string;
  /** The country he chose at the personal-info step; '' until he changes the preselected one. */
  country: string;
  /** His own words from the "about me" step (looking for, position, tribes, height, weight, pronouns), all optional. */
  words: WordsState;
}

export const EMPTY_DRAFT: SignupDraft = {
  step: 0,
  email: '',
  password: '',
  name: '',
  date_of_birth: '',
  signup_message: '',
  about: '',
  country: '',
  words: EMPTY_WORDS,
};
const KEY = 'signup_draft';
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

function read(key: string): string {
  try {
    return window.sessionStorage.getItem(key) ?? '';
  } catch {
    return '';
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) window.sessionStorage.removeItem(key);
    else window.sessionStorage.setItem(key, value);
  } catch {
    // A full or blocked storage only means the draft does not survive a reload.
  }
  for (const l of listeners) l();
}

/**
 * The draft survives a reload in sessionStorage. The password is part of the draft — sessionStorage is
 * per tab and per origin and is gone when the tab closes, never kept across sessions like localStorage — and the
 * password leaves the draft the moment the signup succeeds; the rest goes when the visitor leaves the last step.
 * The server renders the empty draft; the browser picks up the stored one after hydration.
 */
export function useSignupDraft(scope: string) {
  const key = `${KEY}:${scope}`;
  const raw = useSyncExternalStore(
    subscribe,
    () => read(key),
    () => '',
  );
  const draft = useMemo<SignupDraft>(() => {
    if (!raw) return EMPTY_DRAFT;
    try {
      return { ...EMPTY_DRAFT, ...(JSON.parse(raw) as Partial<SignupDraft>) };
    } catch {
      return EMPTY_DRAFT;
    }
  }, [raw]);
  const update = useCallback(
    (patch: Partial<SignupDraft>) => {
      const current = read(key);
      let base = EMPTY_DRAFT;
      try {
        if (current) base = { ...EMPTY_DRAFT, ...(JSON.parse(current) as Partial<SignupDraft>) };
      } catch {
        base = EMPTY_DRAFT;
      }
      write(key, JSON.stringify({ ...base, ...patch }));
    },
    [key],
  );
  const clear = useCallback(() => write(key, null), [key]);
  return { draft, update, clear };
}

/** True once the visitor has typed anything or moved on: then the modal may not close by backdrop or Esc. */
export function draftInProgress(d: SignupDraft): boolean {
  return d.step > 0 || d.email !== '' || d.password !== '' || d.signup_message !== '';
}
