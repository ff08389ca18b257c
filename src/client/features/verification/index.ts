/**
 * The verification feature's face: what other features and pages use — the line on the own profile and its data's key.
 * The verification page and the moderators' queue are pages of their own (lazy chunks) that reach into the feature.
 */
export { getVerification } from './api/verification';
export { VERIFICATION_KEY } from './api/keys';
export { VerificationSummary } from './components/verification-summary';
