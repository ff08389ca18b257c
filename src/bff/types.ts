import type { ServerResponse } from 'node:http';
import type { ApiClient, Settings } from '../shared/api/client';
import type { Locale } from '../shared/locales';

/** What the BFF hands the SSR renderer (mirrors `RenderRequest` of src/server/render.tsx, docs/CONVENTIONS.md). */
export interface RenderRequest {
  url: string;
  locale: Locale;
  settings: Settings;
  api: ApiClient;
  isBot: boolean;
  assets: Assets;
  browserLanguage: string | null;
  deadlineMs?: number;
}

export interface Assets {
  scripts: string[];
  styles: string[];
}

/** `renderPage` of src/server/render.tsx, injectable so tests can use a fake. */
export type RenderFn = (request: RenderRequest, res: ServerResponse) => Promise<void>;
