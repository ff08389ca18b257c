/**
 * The push component's face (Web Push subscriptions, notification events and notification e-mails): other components and the app import it from here only, never from its files
 * (eslint.config.js enforces this). What is not exported here is the component's own.
 */
export { configurePushHosts, endpointProblem, parsePushHosts } from './allow-list';
export { createPushJobs } from './jobs';
export type { PushJobOptions } from './jobs';
export { pushKeysProblem } from './keys';
export { deleteOldNotifications, notificationInsert, recordNotification } from './repository';
export type { Notifier } from './record';
