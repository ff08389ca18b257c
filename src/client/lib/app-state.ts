import type { Messages } from './i18n';
import type { RootState } from './store/store';

/** Everything the server hands to the browser in `<script id="__APP_STATE__" type="application/json">`. */
export interface AppState {
  store: RootState;
  /** The page's messages, only when the build has no compiled catalogue file for the locale (tests, no build). */
  messages?: Messages;
  /** The compiled catalogue of the page's locale (a cacheable file of the build), which the browser loads. */
  messagesUrl?: string;
  /**
   * The router's data of the page, by route id: what the matched routes' loaders returned on the server (answers
   * and prefetch failures by key, app/route-handle.ts), the browser router's `hydrationData`: no loader runs again.
   * A streamed page's data is not here but in its own script (app/streamed.tsx).
   */
  loaderData: Record<string, unknown>;
  /** What the route's action answered to a form posted without JavaScript (e.g. the login's error), by route id. */
  actionData?: Record<string, unknown>;
  styles: string[];
  /** The page's data is streamed after the shell (app/streamed.tsx), in `<script id="__PAGE_DATA__">`. */
  streamed?: boolean;
}

export const APP_STATE_ID = '__APP_STATE__';

/**
 * JSON that is safe inside a script element: `<` (so `</script>` and `<!--` cannot appear), `>` and `&`
 * become \u escapes, and so do U+2028/U+2029. JSON.parse reads it back unchanged.
 */
export function serializeAppState(state: AppState): string {
  return serializeJson(state);
}

/** Any value as JSON that is safe inside a script element (the escapes of serializeAppState). */
export function serializeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export function parseAppState(text: string): AppState {
  return JSON.parse(text) as AppState;
}
