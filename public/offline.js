/* The offline page's script (src/server/offline-page.ts), kept by the service worker with the page: the retry button
 * loads the page again, and so does the browser coming back online. */
'use strict';

(() => {
  const reload = () => window.location.reload();
  document.getElementById('offline-retry')?.addEventListener('click', reload);
  window.addEventListener('online', reload);
})();
