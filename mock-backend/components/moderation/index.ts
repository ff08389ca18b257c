/**
 * The moderation component's face (the photo queue, the moderator and admin roles): other components and the app
 * import it from here only, never from its files (eslint.config.js enforces this). What is not exported here is the
 * component's own.
 */
export { requireModerator, setRoleByOperator } from './roles';
