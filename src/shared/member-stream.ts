/**
 * The response header with which a backend says that an event stream belongs to a live session (a member's). The BFF
 * counts every other stream as a visitor's against the per-address cap — a made-up login cookie gains nothing — and
 * never passes the header on to the browser.
 */
export const MEMBER_STREAM_HEADER = 'x-member-stream';
