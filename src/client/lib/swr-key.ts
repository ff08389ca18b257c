import type { paths } from '../../shared/api/client';

/** The API paths that answer GET (the typed operations a resource can read). */
export type GetPath = { [P in keyof paths]: paths[P] extends { get: object } ? P : never }[keyof paths];

/** The query parameters of GET `path`, as openapi-fetch's `params.query` takes them. */
export type GetQuery<P extends GetPath> = paths[P]['get'] extends { parameters: { query?: infer Q } }
  ? [Q] extends [never | undefined]
    ? Record<string, never>
    : NonNullable<Q>
  : Record<string, never>;

/**
 * THE cache key of a typed GET: the operation's path and its query parameters, in a fixed order (names sorted,
 * unset ones left out), e.g. `swrKey('/conversation.php', { conversation: 6 })` → `/conversation.php?conversation=6`.
 * The server's loaders and the browser's resources build their keys with it from the same parameters they call the API
 * with, so an answer loaded for the first render is found under the key the page reads, and a live resource's mutate
 * reaches it. No key is written by hand.
 */
export function swrKey<P extends GetPath>(path: P, query?: Partial<GetQuery<P>>): string {
  const params = new URLSearchParams();
  for (const name of Object.keys(query ?? {}).sort()) {
    const value = (query as Record<string, unknown>)[name];
    if (value === undefined || value === null || value === '') continue;
    params.set(name, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/** Whether `key` is a key of GET `path` (any parameters): for a mutate that reaches every cached page of it. */
export function isSwrKeyOf(key: unknown, path: GetPath): boolean {
  return typeof key === 'string' && (key === path || key.startsWith(`${path}?`));
}

/**
 * Whether `key` is one of the lists that show other members (the search, likes, chats, the own profile, blocks): what a
 * block must drop, so every list is asked again without the blocked member.
 */
export function isMemberListKey(key: unknown): boolean {
  return typeof key === 'string' && /^\/(members|likes|chats|profile|blocks)\.php/.test(key);
}
