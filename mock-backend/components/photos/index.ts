/**
 * The photos component's face (profile photos: upload, variants, moderation state and URL signing): other components and the app import it from here only, never from its files
 * (eslint.config.js enforces this). What is not exported here is the component's own.
 */
export { MAX_UPLOAD_BYTES, processPhoto } from './image';
export type { PhotoVariants } from './image';
export { ensureMain, photoFileAccess, photoFileState, listOwnPhotos } from './repository';
export { removeFilesNoLongerUsed, sweepOrphanProfilePhotos, toOwnImage } from './service';
export { imageSigning, lazySigner, signMessage } from './signing';
export type { MediaSigner } from './signing';
