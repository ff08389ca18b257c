import { isLocale, type Locale } from '../../../src/shared/locales';

/**
 * A member's saved language as one of the texts' locales (English for anything else). The texts themselves — what a
 * lock screen and an inbox show, the notification mails and the unsubscribe page — are in the catalogues
 * (mock-backend/locales, `push.*`, `mail.notification.*`, `page.unsubscribe.*`): without previews nothing names the
 * other member or quotes the message, so they are safe on a phone anyone can see.
 */
export const toLocale = (language: string): Locale => (isLocale(language) ? language : 'en');
