/**
 * The sexual-health component's face (HIV status, PrEP, last test and the test reminder: special category data, stored
 * only with explicit consent): other components and the app import it from here only, never from its files
 * (eslint.config.js enforces this). What is not exported here is the component's own.
 */
export { exportOf as sexualHealthExport, shownTo as sexualHealthShownTo } from './service';
export { sendDueReminders } from './reminders';
