import type { ReactNode } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import type { VerificationPose } from '../../../../shared/verification';

/** What the member is asked to do for each pose (the drawing's text alternative too). */
export const POSE_MESSAGES = defineMessages({
  peace: { id: 'verification.pose.peace', defaultMessage: 'Make a peace sign (V) with one hand next to your face.' },
  thumb_up: { id: 'verification.pose.thumb_up', defaultMessage: 'Hold one thumb up next to your face.' },
  open_hand: { id: 'verification.pose.open_hand', defaultMessage: 'Hold one open hand up next to your face, palm towards the camera.' },
  turn_left: { id: 'verification.pose.turn_left', defaultMessage: 'Turn your head a quarter to your left, eyes open.' },
  turn_right: { id: 'verification.pose.turn_right', defaultMessage: 'Turn your head a quarter to your right, eyes open.' },
}) satisfies Record<VerificationPose, unknown>;

const HEAD = <circle cx="50" cy="48" r="24" />;
const SHOULDERS = <path d="M12 118c4-26 20-38 38-38s34 12 38 38" />;
const FACE = (
  <>
    <circle cx="42" cy="45" r="2.5" fill="currentColor" stroke="none" />
    <circle cx="58" cy="45" r="2.5" fill="currentColor" stroke="none" />
    <path d="M42 58q8 6 16 0" />
  </>
);

/** A hand beside the face, raised from below: its palm and what its fingers do. */
const HANDS: Partial<Record<VerificationPose, ReactNode>> = {
  peace: (
    <>
      <path d="M86 118V80" />
      <rect x="78" y="58" width="20" height="24" rx="6" />
      <path d="M82 60l-6-26M92 60l6-26" strokeWidth="6" />
    </>
  ),
  thumb_up: (
    <>
      <path d="M88 118V84" />
      <rect x="76" y="56" width="24" height="28" rx="7" />
      <path d="M80 58V34" strokeWidth="7" />
    </>
  ),
  open_hand: (
    <>
      <path d="M88 118V84" />
      <rect x="76" y="56" width="24" height="28" rx="7" />
      <path d="M78 58l-4-16M84 56V34M90 56V32M96 58l2-20M100 70l8-8" strokeWidth="4.5" />
    </>
  ),
};

/** A head turned to one side: the face's outline with the nose towards it and an arrow that way. */
function TurnedHead({ towards }: { towards: 'left' | 'right' }) {
  // Drawn as he sees himself in the front camera's mirrored preview: turned to his left, his nose points left.
  const flip = towards === 'left' ? 'scale(-1 1) translate(-120 0)' : undefined;
  return (
    <g transform={flip}>
      <path d="M40 26c14-6 30 2 32 18l6 10-6 3c0 10-4 16-12 18-12 3-24-4-26-20-1-12 0-24 6-29z" />
      <circle cx="60" cy="44" r="2.5" fill="currentColor" stroke="none" />
      <path d="M12 118c4-26 20-38 38-38s34 12 38 38" />
      <path d="M88 20h22m-6-6l6 6-6 6" strokeWidth="4" />
    </g>
  );
}

/**
 * The pose drawn inline (no image is fetched), with the instruction as its text alternative; the instruction is also
 * written beside it by the page. `decorative`: a second drawing of the same pose (beside the chosen selfie), hidden
 * from assistive technology, which has read the instruction already.
 */
export function PoseDrawing({
  pose,
  className = '',
  decorative = false,
}: {
  pose: VerificationPose;
  className?: string;
  decorative?: boolean;
}) {
  const intl = useIntl();
  const label = intl.formatMessage(POSE_MESSAGES[pose]);
  const turned = pose === 'turn_left' || pose === 'turn_right';
  return (
    <svg
      viewBox="0 0 120 120"
      className={`pose-drawing ${className}`}
      {...(decorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': label })}
      fill="none"
      stroke="currentColor"
      strokeWidth="3"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {turned ? (
        <TurnedHead towards={pose === 'turn_left' ? 'left' : 'right'} />
      ) : (
        <>
          {HEAD}
          {FACE}
          {SHOULDERS}
          {HANDS[pose]}
        </>
      )}
    </svg>
  );
}
