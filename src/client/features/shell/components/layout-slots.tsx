/**
 * Slots of the layouts (SPEC §2) whose features belong to other issues. Each renders nothing until its feature
 * lands; the layouts already place them, so the feature only fills in the component:
 * - WelcomeBannerSlot: the welcome bonus banner linking to the credits page (payments / time bonus issue), placed
 *   above the page content in the default layout.
 * - TimeBonusModalSlot: the welcome bonus modal with the 25% bonus and countdown (SPEC §4: 40 s after entering the
 *   members area, logged in, 0 credits, not dismissed — its dismissal key `time_bonus_<id>` is in lib/dismissals).
 */
export function WelcomeBannerSlot() {
  return null;
}
export function TimeBonusModalSlot() {
  return null;
}
