import { CHUNK_RELOAD_MIN_INTERVAL_MS } from '../shared/constants';
import { CHUNK_RELOAD_STORAGE_KEY } from '../client/lib/chunk-reload';

export interface BootAssets {
  /** The client entry (module scripts); they hydrate the page. */
  entry: string[];
  /** Chunks the page hydrates with (matched lazy routes, a member's parts), fetched beside the entry. */
  modules: string[];
  /** The page's compiled catalogue, fetched beside the entry (hydrate.tsx reads it with the same mode). */
  catalogue?: string | undefined;
}

/** Longest wait for the first screen's photos before the scripts load anyway (a stalled image must not keep the page inert). */
export const BOOT_MAX_WAIT_MS = 3_000;

/**
 * The page's inline bootstrap (React's `bootstrapScriptContent`, carrying the response's CSP nonce): the page's
 * scripts and catalogue are requested once the first screen is painted — its stylesheet loaded (an inline script
 * waits for the stylesheets before it), the photos marked `fetchpriority="high"` decoded (or failed), then two animation
 * frames — and not from `<head>`. On a slow phone connection the render-blocking stylesheet and the largest photos get
 * the bandwidth, and a cached entry no longer runs its hydration before the first paint (largest contentful
 * paint); the entry, its chunks and the catalogue then go out together. A hidden tab (no frames) loads them at once, and
 * after BOOT_MAX_WAIT_MS they load regardless. An entry that fails to load reloads the page once, at most once per
 * CHUNK_RELOAD_MIN_INTERVAL_MS (with lib/chunk-reload.ts's marker). Forms are the browser's own until the page has
 * hydrated: each has a method (a lint rule), posts to a page whose route has an action, and the BFF runs that action.
 *
 * Written as ES5 text: it runs before any of our code, in every browser that runs module scripts.
 */
export function bootScript(assets: BootAssets): string {
  const args = [
    assets.entry,
    assets.modules,
    assets.catalogue ?? '',
    CHUNK_RELOAD_STORAGE_KEY,
    CHUNK_RELOAD_MIN_INTERVAL_MS,
    BOOT_MAX_WAIT_MS,
  ]
    .map((value) => JSON.stringify(value).replace(/</g, '\\u003c'))
    .join(',');
  return `(${BOOT})(document,window,${args});`;
}

// One line: each line of the source ends its statement or opens/closes a block.
const BOOT = `
function (d, w, entry, modules, catalogue, reloadKey, reloadInterval, maxWait) {
  var started = false;
  function link(rel, href, as) {
    var l = d.createElement('link');
    l.rel = rel;
    l.href = href;
    if (as) { l.as = as; l.crossOrigin = 'anonymous'; }
    d.head.appendChild(l);
  }
  function failed() {
    try {
      var last = Number(w.sessionStorage.getItem(reloadKey) || 0), now = Date.now();
      if (isFinite(last) && now - last < reloadInterval) return;
      w.sessionStorage.setItem(reloadKey, String(now));
      w.location.reload();
    } catch (e) {}
  }
  function start() {
    if (started) return;
    started = true;
    for (var i = 0; i < modules.length; i++) link('modulepreload', modules[i]);
    if (catalogue) link('preload', catalogue, 'fetch');
    for (var j = 0; j < entry.length; j++) {
      var s = d.createElement('script');
      s.type = 'module';
      s.src = entry[j];
      s.onerror = failed;
      d.body.appendChild(s);
    }
  }
  function afterPaint() {
    w.requestAnimationFrame(function () { w.requestAnimationFrame(start); });
  }
  w.setTimeout(start, maxWait);
  if (d.visibilityState === 'hidden' || !w.requestAnimationFrame) return start();
  var images = d.querySelectorAll('img[fetchpriority="high"]'), waiting = 1;
  function loaded() { if (--waiting === 0) afterPaint(); }
  for (var k = 0; k < images.length; k++) {
    waiting++;
    if (images[k].decode) images[k].decode().then(loaded, loaded);
    else if (images[k].complete) loaded();
    else { images[k].addEventListener('load', loaded); images[k].addEventListener('error', loaded); }
  }
  loaded();
}
`
  .split('\n')
  .map((line) => line.trim())
  .join('');
