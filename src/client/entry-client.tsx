import './styles/main.scss';
import { hydrateApp } from './app/hydrate';
import { installChunkReload } from './lib/chunk-reload';

installChunkReload(window);
hydrateApp(document);
