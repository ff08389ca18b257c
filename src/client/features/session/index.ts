/** The session feature's face: the current user, read again after a signup. */
export { getUser } from './api/get-user';
