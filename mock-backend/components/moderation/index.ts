/**
 * The moderation component's face (the photo queue and the moderator role): other components and the app import it
 * from here only, never from its files (eslint.config.js enforces this). What is not exported here is the component's own.
 */
export { requireModerator } from './service';
