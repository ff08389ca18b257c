/**
 * The legacy component's face (members learnt from the PHP service the site moves off): other components and the app
 * import it from here only, never from its files (eslint.config.js enforces this).
 */
export { createLegacyClient } from './client';
export type { LegacyClient } from './client';
export { adoptPassword, createLegacyMembers } from './service';
export type { LegacyMembers } from './service';
