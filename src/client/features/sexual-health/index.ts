/**
 * The sexual-health feature's face: what other features and pages use — the way to its page on the own profile and
 * the details shown on another member's profile. Its page (consent, form, withdrawal) is a page of its own.
 */
export { SexualHealthCard } from './components/sexual-health-card';
export { SexualHealthFacts } from './components/sexual-health-facts';
