/**
 * Whose data this browser keeps: the member of the pages that wrote it (localStorage). Small and in every page's entry,
 * so a visitor's page can tell whether a member's data is still here (he logged out, or his session ran out) without
 * loading anything else; the rest is lib/member-device-data.ts.
 */
export const DEVICE_MEMBER_KEY = 'device_member';

/** Whether the browser holds a member's data (false without storage). */
export function holdsMemberData(): boolean {
  try {
    return window.localStorage.getItem(DEVICE_MEMBER_KEY) !== null;
  } catch {
    return false;
  }
}
