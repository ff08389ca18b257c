/**
 * The session component's face (sessions, login, auth and device cookies, the site of a request): other components and the app import it from here only, never from its files
 * (eslint.config.js enforces this). What is not exported here is the component's own.
 */
export { clearAuthCookie, setAuthCookie } from './cookie';
export { lazyDeviceCookies, setDeviceCookie } from './device';
export {
  createSession,
  deleteExpiredSessions,
  deleteSession,
  deleteStaleDeviceThrottles,
  findLoginCandidate,
  findSiteAndSession,
  touchLastActive,
} from './repository';
export { SESSION_MAX_AGE_SECONDS, currentUser, sessionIdOf } from './service';
