/**
 * The site-data component's face (the site of a host and its public data): other components and the app import it from here only, never from its files
 * (eslint.config.js enforces this). What is not exported here is the component's own.
 */
export { siteByHost } from './repository';
export { requestHost } from './service';
