import type { ReportTarget } from './api/reports';

/**
 * The page that reports a member's profile, or one of his messages or photos: `/members/<id>/report[?message=|?photo=]`
 * (the report menu's link where JavaScript is off). Kept apart from the form, so the menus of the grid load no form.
 */
export function reportPagePath(memberId: number, target: ReportTarget): string {
  const base = `/members/${memberId}/report`;
  return target.kind === 'profile' ? base : `${base}?${target.kind}=${target.id}`;
}
