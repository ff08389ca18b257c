import { defineMessages, type MessageDescriptor } from 'react-intl';
import type { SafetyAction, TdbCategory } from './api/moderation';
import type { ReportReason, ReportTarget } from './api/reports';

/** The report reasons, which are also the terms rules a statement of reasons names. */
export const REASON_MESSAGES: Record<ReportReason, MessageDescriptor> = defineMessages({
  fake_scam_spam: { id: 'safety.reason.fakeScamSpam', defaultMessage: 'Fake profile, scam or spam' },
  harassment_hate: { id: 'safety.reason.harassmentHate', defaultMessage: 'Harassment or hate' },
  unwanted_sexual: { id: 'safety.reason.unwantedSexual', defaultMessage: 'Unwanted sexual content' },
  underage: { id: 'safety.reason.underage', defaultMessage: 'Someone under 18' },
  illegal: { id: 'safety.reason.illegal', defaultMessage: 'Illegal content' },
  other: { id: 'safety.reason.other', defaultMessage: 'Something else' },
});

export const ACTION_MESSAGES: Record<SafetyAction, MessageDescriptor> = defineMessages({
  dismiss: { id: 'safety.action.dismiss', defaultMessage: 'No violation (dismiss)' },
  remove_content: { id: 'safety.action.removeContent', defaultMessage: 'Remove content' },
  warn: { id: 'safety.action.warn', defaultMessage: 'Warning' },
  restrict: { id: 'safety.action.restrict', defaultMessage: 'Restriction' },
  suspend: { id: 'safety.action.suspend', defaultMessage: 'Suspension' },
  ban: { id: 'safety.action.ban', defaultMessage: 'Ban' },
  hide: { id: 'safety.action.hide', defaultMessage: 'Hidden from search (automated)' },
});

export const TARGET_MESSAGES: Record<ReportTarget['kind'], MessageDescriptor> = defineMessages({
  profile: { id: 'safety.target.profile', defaultMessage: 'Profile' },
  message: { id: 'safety.target.message', defaultMessage: 'Message' },
  photo: { id: 'safety.target.photo', defaultMessage: 'Photo' },
});

export const CONTENT_MESSAGES = defineMessages({
  photo: { id: 'safety.content.photo', defaultMessage: 'a photo' },
  message: { id: 'safety.content.message', defaultMessage: 'a message' },
  profile_text: { id: 'safety.content.profileText', defaultMessage: 'the profile text' },
});

export const REPORT_STATUS_MESSAGES = defineMessages({
  open: { id: 'safety.reportStatus.open', defaultMessage: 'Being reviewed' },
  action_taken: { id: 'safety.reportStatus.actionTaken', defaultMessage: 'Action taken' },
  no_violation: { id: 'safety.reportStatus.noViolation', defaultMessage: 'No violation found' },
});

export const APPEAL_STATUS_MESSAGES = defineMessages({
  open: { id: 'safety.appealStatus.open', defaultMessage: 'Your appeal is being reviewed by another moderator.' },
  upheld: { id: 'safety.appealStatus.upheld', defaultMessage: 'Your appeal was reviewed: the decision stands.' },
  reversed: { id: 'safety.appealStatus.reversed', defaultMessage: 'Your appeal succeeded: the decision was reversed.' },
});

export const SOURCE_MESSAGES = defineMessages({
  report: { id: 'safety.source.report', defaultMessage: 'Following a report by another person' },
  notice: { id: 'safety.source.notice', defaultMessage: 'Following a notice of illegal content' },
  own_initiative: { id: 'safety.source.ownInitiative', defaultMessage: 'On our own initiative' },
});

export const REDRESS_MESSAGES = defineMessages({
  internal_appeal: { id: 'safety.redress.internalAppeal', defaultMessage: 'An appeal to us (below), decided by another moderator' },
  out_of_court_settlement: {
    id: 'safety.redress.outOfCourt',
    defaultMessage: 'A certified out-of-court dispute settlement body',
  },
  court: { id: 'safety.redress.court', defaultMessage: 'A court' },
});

export const PHOTO_STATUS_MESSAGES = defineMessages({
  approved: { id: 'safety.photoStatus.approved', defaultMessage: 'approved' },
  pending: { id: 'safety.photoStatus.pending', defaultMessage: 'awaiting moderation' },
  rejected: { id: 'safety.photoStatus.rejected', defaultMessage: 'rejected' },
});

/** The database's categories by their names in its own English (the console's catalogues translate them). */
export const TDB_CATEGORY_MESSAGES: Record<TdbCategory, MessageDescriptor> = defineMessages({
  STATEMENT_CATEGORY_ANIMAL_WELFARE: { id: 'safety.tdbCategory.animalWelfare', defaultMessage: 'Animal welfare' },
  STATEMENT_CATEGORY_CONSUMER_INFORMATION: {
    id: 'safety.tdbCategory.consumerInformation',
    defaultMessage: 'Consumer information infringements',
  },
  STATEMENT_CATEGORY_CYBER_VIOLENCE: { id: 'safety.tdbCategory.cyberViolence', defaultMessage: 'Cyber violence' },
  STATEMENT_CATEGORY_CYBER_VIOLENCE_AGAINST_WOMEN: {
    id: 'safety.tdbCategory.cyberViolenceAgainstWomen',
    defaultMessage: 'Cyber violence against women',
  },
  STATEMENT_CATEGORY_DATA_PROTECTION_AND_PRIVACY_VIOLATIONS: {
    id: 'safety.tdbCategory.dataProtectionAndPrivacyViolations',
    defaultMessage: 'Data protection and privacy violations',
  },
  STATEMENT_CATEGORY_ILLEGAL_OR_HARMFUL_SPEECH: {
    id: 'safety.tdbCategory.illegalOrHarmfulSpeech',
    defaultMessage: 'Illegal or harmful speech',
  },
  STATEMENT_CATEGORY_INTELLECTUAL_PROPERTY_INFRINGEMENTS: {
    id: 'safety.tdbCategory.intellectualPropertyInfringements',
    defaultMessage: 'Intellectual property infringements',
  },
  STATEMENT_CATEGORY_NEGATIVE_EFFECTS_ON_CIVIC_DISCOURSE_OR_ELECTIONS: {
    id: 'safety.tdbCategory.negativeEffectsOnCivicDiscourseOrElections',
    defaultMessage: 'Negative effects on civic discourse or elections',
  },
  STATEMENT_CATEGORY_NOT_SPECIFIED_NOTICE: {
    id: 'safety.tdbCategory.notSpecifiedNotice',
    defaultMessage: 'Type of alleged illegal content not specified by the notifier',
  },
  STATEMENT_CATEGORY_OTHER_VIOLATION_TC: {
    id: 'safety.tdbCategory.otherViolationTc',
    defaultMessage: 'Other violation of provider’s terms and conditions',
  },
  STATEMENT_CATEGORY_PROTECTION_OF_MINORS: { id: 'safety.tdbCategory.protectionOfMinors', defaultMessage: 'Protection of minors' },
  STATEMENT_CATEGORY_RISK_FOR_PUBLIC_SECURITY: {
    id: 'safety.tdbCategory.riskForPublicSecurity',
    defaultMessage: 'Risk for public security',
  },
  STATEMENT_CATEGORY_SCAMS_AND_FRAUD: { id: 'safety.tdbCategory.scamsAndFraud', defaultMessage: 'Scams and/or fraud' },
  STATEMENT_CATEGORY_SELF_HARM: { id: 'safety.tdbCategory.selfHarm', defaultMessage: 'Self-harm' },
  STATEMENT_CATEGORY_UNSAFE_AND_PROHIBITED_PRODUCTS: {
    id: 'safety.tdbCategory.unsafeAndProhibitedProducts',
    defaultMessage: 'Unsafe, non-compliant or prohibited products',
  },
  STATEMENT_CATEGORY_VIOLENCE: { id: 'safety.tdbCategory.violence', defaultMessage: 'Violence' },
});
