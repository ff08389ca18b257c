/**
 * The payments component's face (buying credits: checkout, settlement, refunds, direct debit and the payment provider): other components and the app import it from here only, never from its files
 * (eslint.config.js enforces this). What is not exported here is the component's own.
 */
export { setUpProvider } from './embedded-simulator';
export { unavailableProvider } from './provider';
export type { PaymentProvider } from './provider';
export { retryPendingRefunds } from './refunds';
export { WEBHOOK_PATH } from './service';
export { followUpPayments } from './settlement';
