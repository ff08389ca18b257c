import type { ServerResponse } from 'node:http';
import type { RenderRequest } from '../server/render';

export type { RenderRequest } from '../server/render';
export type Assets = RenderRequest['assets'];

/** `renderPage` of src/server/render.tsx, injectable so tests can use a fake. */
export type RenderFn = (request: RenderRequest, res: ServerResponse) => Promise<void>;
