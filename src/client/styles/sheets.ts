/**
 * The stylesheets beside the entry's (`main.scss`, on every page), and the modules whose chunks carry them: the build
 * (vite.config.ts, `chunkStylesheets`) adds `import '<sheet>'` to each module named here, so Vite emits the sheet as
 * the CSS of that module's chunk. The server links a route's sheets in the page's `<head>` (and the members' sheet on
 * a logged-in member's page) from the Vite manifest, as it lists the route's chunks in modulepreload links
 * (src/bff/assets.ts, src/server/render.tsx); on a client-side navigation Vite's preload helper inserts the sheet and
 * waits for it before the chunk's module runs. The modules themselves import no Sass: the server runs them as they are.
 *
 * A sheet goes with the page and layout modules that render its classes (the lazy routes' chunks, or the members'
 * chunk for what every member's page shows; a page under a layout of its own names it too, so its chunk carries it
 * wherever the route table puts it); `src/client/styles/bootstrap-styles.test.ts` compiles every sheet, and
 * `tests/e2e/landing-bundle.test.ts` checks on the build that each class of a sheet is rendered only by chunks that
 * carry it. Each sheet starts with `_config.scss` (variables and mixins, no CSS), so no rule is in two sheets.
 */
export const CHUNK_STYLESHEETS: Record<string, string[]> = {
  // In the order the rules were in when they were one sheet (a chunk with two sheets imports them in this order).
  'src/client/styles/sheets/members-area.scss': ['src/client/app/layouts/member-parts.tsx', 'src/client/app/pages/me-page.tsx'],
  'src/client/styles/sheets/profile.scss': ['src/client/app/pages/profile-page.tsx', 'src/client/app/pages/member-lander-page.tsx'],
  'src/client/styles/sheets/landers.scss': [
    'src/client/app/layouts/lander-layout.tsx',
    'src/client/app/pages/lander-page.tsx',
    'src/client/app/pages/member-lander-page.tsx',
  ],
  'src/client/styles/sheets/likes.scss': [
    'src/client/app/pages/members-page.tsx',
    'src/client/app/pages/likes-pages.tsx',
    'src/client/app/pages/profile-page.tsx',
    'src/client/app/pages/member-lander-page.tsx',
    'src/client/features/likes/components/like-popups.tsx',
  ],
  'src/client/styles/sheets/chat.scss': [
    'src/client/app/layouts/chat-layout.tsx',
    'src/client/app/pages/chats-page.tsx',
    'src/client/app/pages/conversation-page.tsx',
  ],
  'src/client/styles/sheets/verification.scss': [
    'src/client/app/pages/verification-page.tsx',
    'src/client/app/pages/verification-queue-page.tsx',
  ],
  'src/client/styles/sheets/credits.scss': [
    'src/client/app/pages/credits-page.tsx',
    'src/client/app/pages/pricing-page.tsx',
    'src/client/app/pages/statement-page.tsx',
  ],
};
