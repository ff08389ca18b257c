/**
 * The social component's face (the chat and like lists and the navigation counts): other components and the app import it from here only, never from its files
 * (eslint.config.js enforces this). What is not exported here is the component's own.
 */
export { findSummary } from './repository';
export { navCounts } from './service';
