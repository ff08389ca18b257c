/** The site's thresholds of the careful automation (columns of `sites`, migrations 023, 028 and 030; docs/trust-and-safety.md). */
export interface SafetyThresholds {
  /** Independent weight of open reports of a hiding reason (report-weight.ts) that hides a profile until a moderator decides. */
  hideWeight: number;
  /** Reports about one member per hour from light reporters that count; later ones that hour are stored without weight. */
  targetLightReports: number;
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
