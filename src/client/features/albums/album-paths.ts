/** Where the member's list of shares is (app/pages/album-shares-page.tsx): linked from his photos and the chat. */
export const ALBUM_SHARES_PAGE = '/albums/shares';

/** The id of the album's section on a profile: a link to `/members/:id#private-album` (the chat's) lands on it. */
export const PRIVATE_ALBUM_ANCHOR = 'private-album';
