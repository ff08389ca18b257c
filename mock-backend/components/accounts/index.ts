/**
 * The accounts component's face (signup, login links, account deletion and its purge, address bounces): other components and the app import it from here only, never from its files
 * (eslint.config.js enforces this). What is not exported here is the component's own.
 */
export { processLoginLinkRequests } from './login-link';
export { accountsToPurge, deleteExpiredTokens, markBounced, purgeAccount } from './repository';
