/**
 * The credits component's face (the credit ledger: lots, spending, reservations and discount codes): other components and the app import it from here only, never from its files
 * (eslint.config.js enforces this). What is not exported here is the component's own.
 */
export { discountMinor, evaluateCode, redeem, release, spendDiscount } from './discounts';
export type { CheckoutDiscount } from './discounts';
export { grantCredits } from './ledger';
export { postReservation, reserveCredits, spendCredits, voidExpiredReservations, voidReservation } from './spend';
export { insertLedger } from './spend-repository';
