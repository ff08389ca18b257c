/**
 * The privacy component's face (blocks, locations and distance bands): other components and the app import it from here only, never from its files
 * (eslint.config.js enforces this). What is not exported here is the component's own.
 */
export { bandCells, distanceBand, snap } from './geo';
export type { DistanceBand } from './geo';
export { findLocation, notBlocked } from './repository';
export { blockInTransaction, deleteBlockedChatPhotos } from './service';
