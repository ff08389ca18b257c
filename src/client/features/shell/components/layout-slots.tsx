/**
 * Slots of the layouts (SPEC §2) whose features belong to other issues. Each renders nothing until its feature
 * lands; the layouts already place them, so the feature only fills in the component (the welcome banner and the
 * time-bonus modal are the credits feature's, features/credits/components/time-bonus.tsx):
 * - LikeModalSlot: the match / new-like pop-up (likes issue; the `t` query parameter delay of SPEC §4).
 */
export function LikeModalSlot() {
  return null;
}
