/**
 * The private albums feature, as other features use it (the chat's album menu and link, the photos' way to the list of
 * shares). Pages import its files directly.
 */
export { ALBUM_SHARES_PAGE } from './album-paths';
export { ChatAlbumMenu, SharedAlbumLink } from './components/chat-album';
