import './styles/main.scss';
import { hydrateApp } from './app/hydrate';
import { installChunkReload } from './lib/chunk-reload';
import { installPageHiddenBeacon } from './lib/page-hidden';

installChunkReload(window);
installPageHiddenBeacon(window);
// A page that cannot hydrate (its texts did not load) stays as the server rendered it: links and forms work without
// JavaScript.
hydrateApp(document).catch(() => undefined);
