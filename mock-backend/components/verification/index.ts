/**
 * The verification component's face (verified members: a selfie in a pose, a moderator's decision, the badge): other
 * components and the app import it from here only, never from its files (eslint.config.js enforces this). What is not
 * exported here is the component's own.
 */
export { verificationMediaGuard, sweepOrphanSelfies } from './media';
export { purgeSelfies } from './service';
