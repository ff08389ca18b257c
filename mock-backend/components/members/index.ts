/**
 * The members component's face (member search, profile views and the profile summary every list shows): other components and the app import it from here only, never from its files
 * (eslint.config.js enforces this). What is not exported here is the component's own.
 */
export { SUMMARY_COLUMNS, SUMMARY_JOINS, VISIBLE } from './repository';
export type { SummaryRow } from './repository';
export { toImage, toSummary } from './service';
