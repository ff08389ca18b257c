import { swrKey } from '../../../lib/swr-key';

/**
 * The SWR key of the member's verification, in a module of its own: the live channel (app/layouts/chat-realtime.tsx,
 * in every member page's chunk) reloads it when a moderator decides, without taking the feature's API with it.
 */
export const VERIFICATION_KEY = swrKey('/verification.php');
