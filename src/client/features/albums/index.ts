/**
 * The private albums feature, as other features use it (the chat's album menu and link). Pages import its files
 * directly.
 */
export { ChatAlbumMenu, SharedAlbumLink } from './components/chat-album';
