/**
 * The albums component's face (private albums: sharing them and reading them): other components and the app import it from here only, never from its files
 * (eslint.config.js enforces this). What is not exported here is the component's own.
 */
export { albumMediaGuard } from './media';
export { albumsBetween } from './service';
