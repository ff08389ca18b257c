import './styles/main.scss';
import { hydrateApp } from './app/hydrate';
import { installChunkReload } from './lib/chunk-reload';
import { installPageHiddenBeacon } from './lib/page-hidden';

installChunkReload(window);
installPageHiddenBeacon(window);
void hydrateApp(document);
