import { defineMessages, type MessageDescriptor } from 'react-intl';
import type { SafetyAction } from './api/moderation';
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
