/**
 * Verified members: the rules both sides read. A member shows that he is the man in his photos by a selfie in a pose
 * the site picks at random; a moderator compares it with his approved photos. The selfie is private (the member and
 * the moderators only), no biometric template is ever computed or kept, and the file is deleted a fixed time after the
 * decision.
 */

/** The poses a selfie is asked in: a hand sign beside the face or a turn of the head, drawn on the page. */
export const VERIFICATION_POSES = ['peace', 'thumb_up', 'open_hand', 'turn_left', 'turn_right'] as const;
export type VerificationPose = (typeof VERIFICATION_POSES)[number];

/** Why a moderator refuses a selfie: the short list the console offers and the statement of reasons names. */
export const VERIFICATION_REFUSAL_REASONS = ['pose_wrong', 'face_not_visible', 'not_same_person', 'photo_of_photo'] as const;
export type VerificationRefusalReason = (typeof VERIFICATION_REFUSAL_REASONS)[number];

/** Selfies a member may send per 24 hours (a refusal lets him try again, within this limit). */
export const VERIFICATION_SELFIES_PER_DAY = 3;

/** The selfie's file is deleted this many days after the moderator's decision (the decision itself is kept). */
export const VERIFICATION_SELFIE_KEEP_DAYS = 30;
