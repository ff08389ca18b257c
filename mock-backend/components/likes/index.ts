/**
 * The likes component's face (likes, matches, the match finder and the swipe game): other components and the app import it from here only, never from its files
 * (eslint.config.js enforces this). What is not exported here is the component's own.
 */
export { pickAutoLike } from './auto-like';
