/**
 * The media component's face (serving stored media behind signed URLs): other components and the app import it from here only, never from its files
 * (eslint.config.js enforces this). What is not exported here is the component's own.
 */
export {
  CHAT_MEDIA_PREFIX,
  deleteChatPhotoFiles,
  fullOf,
  photoImage,
  removeChatPhoto,
  storeChatPhoto,
  sweepOrphanChatPhotos,
} from './chat-photos';
export { profilePhotoGuard, viewerFinder } from './guards';
export type { MediaGuard } from './types';
export { VERIFICATION_MEDIA_PREFIX } from './types';
