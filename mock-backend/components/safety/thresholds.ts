/** The site's thresholds of the careful automation (columns of `sites`, migrations 023, 025 and 028; docs/trust-and-safety.md). */
export interface SafetyThresholds {
  /** A reporter with a confirmed address counts for automation once his account is this many days old. */
  trustedReporterDays: number;
  /** Distinct trusted reporters of fake/scam/spam that hide a profile until a moderator decides. */
  autoHideReports: number;
  /** Younger accounts put no link or phone number in any message. */
  newAccountHours: number;
  /** Conversations the same first-message text may start per hour from one sender. */
  repeatedFirstMessages: number;
  /** Unfounded reports (180 days) that earn a reporter the warning. */
  unfoundedWarn: number;
  /** Unfounded reports after which his reports wait behind the others (when most of his are unfounded). */
  unfoundedDeprioritise: number;
}

/** How far back a reporter's record counts. */
export const RECORD_DAYS = 180;
