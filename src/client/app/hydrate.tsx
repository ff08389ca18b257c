import { hydrateRoot, type Root as ReactRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { createApiClient } from '../../shared/api/client';
import { trackFetch } from '../lib/activity';
import { APP_STATE_ID, parseAppState } from '../lib/app-state';
import { createAppStore } from '../lib/store/store';
import { Root } from './root';
import { AppRoutes } from './routes';

/** Hydrates the server-rendered document with the state the server serialised into it. */
export function hydrateApp(doc: Document): ReactRoot {
  const stateJson = doc.getElementById(APP_STATE_ID)?.textContent ?? '';
  const state = parseAppState(stateJson);
  const store = createAppStore(state.store);
  // The browser's client counts calls in flight for the navigation progress bar (lib/activity.ts).
  const api = createApiClient({ baseUrl: '/api', fetch: trackFetch((input, init) => window.fetch(input, init)) });
  return hydrateRoot(
    doc,
    <Root state={state} stateJson={stateJson} store={store} api={api}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </Root>,
  );
}
