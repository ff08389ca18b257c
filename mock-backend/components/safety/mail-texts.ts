/**
 * Trust-and-safety mails in every interface locale, one file per kind of mail: receipts, the statement of reasons,
 * the outcome for reporters and notifiers, the decision on an appeal, and the automation's and the data export's
 * mails, and the statement of a refused verification selfie. Their texts are in the catalogues (mock-backend/locales);
 * the one mail layout (lib/mail-layout.ts) writes the text and HTML of each, the site's name closing the body above
 * the link.
 */
export type { RenderedMail } from '../../lib/mail-layout';
export { renderAppealOutcome } from './mail-texts-appeal';
export { renderExportReady, renderReporterWarning } from './mail-texts-automation';
export { renderOutcome } from './mail-texts-outcome';
export { renderReceipt } from './mail-texts-receipt';
export { renderStatement } from './mail-texts-statement';
export { renderVerificationRefusal } from './mail-texts-verification';
