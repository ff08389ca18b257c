/**
 * The safety component's face (reports, notices, moderators' decisions, statements of reasons, appeals and the
 * effects of a restriction; the site's trust-and-safety mails and who is tied to a moderator, for the verification's
 * console): other components and the app import it from here only, never from its files
 * (eslint.config.js enforces this). What is not exported here is the component's own.
 */
export { assertMayStartConversation, isBannedAddress, suspensionOf } from './effects';
export { screenMessage, type Screened } from './screening';
export { processDataExports } from './data-export';
export { suspendedLogin, suspendedMemberByToken, unreadStatement } from './statements';
export { deliverStatements, type TdbTarget } from './transparency-delivery';
export { linkOrigin, localeOf, mail } from './common';
export { tiedMembers } from './conflicts';
export { renderVerificationRefusal } from './mail-texts';
