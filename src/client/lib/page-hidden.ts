/**
 * When the page becomes hidden, a beacon `POST /api/page-hidden.php` with an empty JSON body records the
 * member's last activity. sendBeacon survives the page being closed; same-origin, so the BFF's CSRF check (Origin
 * equals the host) lets it through. This is not React code, so it does not go through the typed client.
 */
export const PAGE_HIDDEN_URL = '/api/page-hidden.php';

export function installPageHiddenBeacon(win: Window): void {
  const send = () => {
    if (win.document.visibilityState !== 'hidden' || typeof win.navigator.sendBeacon !== 'function') return;
    try {
      win.navigator.sendBeacon(PAGE_HIDDEN_URL, new Blob(['{}'], { type: 'application/json' }));
    } catch {
      // A refused beacon only loses one activity mark.
    }
  };
  win.document.addEventListener('visibilitychange', send);
}
