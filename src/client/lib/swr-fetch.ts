import { useSWRConfig } from 'swr';

/** Revalidates every SWR key (after login, the visitor's cached answers are stale). */
export function useRevalidateAll(): () => Promise<unknown> {
  const { mutate } = useSWRConfig();
  return () => mutate(() => true);
}
