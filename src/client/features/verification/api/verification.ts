import type { ApiClient, Schemas } from '../../../../shared/api/client';
import { unwrap } from '../../../lib/api-error';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { swrKey } from '../../../lib/swr-key';
import { VERIFICATION_KEY } from './keys';
import { usePageResult } from '../../../lib/page-data';

export type Verification = Schemas['Verification'];
export type VerificationQueue = Schemas['VerificationQueue'];
export type VerificationQueueItem = Schemas['VerificationQueueItem'];
export type VerificationDecision = Schemas['VerificationDecision'];

export const VERIFICATION_QUEUE_KEY = swrKey('/verification-queue.php');

/** GET /verification.php: the member's latest request, whether his badge shows and the selfies left today. */
export function getVerification(api: ApiClient): Promise<Verification> {
  return unwrap(api.GET('/verification.php'));
}

/** His verification as the page's loader brought it (his profile's and the verification page's). */
export function useVerification(enabled = true) {
  return usePageResult<Verification>(enabled ? VERIFICATION_KEY : null);
}

/** POST /verification.php: starts a request (the site picks the pose), or answers the open one's pose. */
export function startVerification(api: ApiClient): Promise<Verification> {
  return unwrap(api.POST('/verification.php'));
}

/** POST /verification-selfie.php (multipart `photo`, with the attempt's Idempotency-Key): the selfie in the pose. */
export function sendSelfie(api: ApiClient, file: Blob, filename: string, idempotencyKey = newIdempotencyKey()): Promise<Verification> {
  const form = new FormData();
  form.append('photo', file, filename);
  return unwrap(
    api.POST('/verification-selfie.php', {
      body: form as unknown as { photo: string },
      params: { header: { 'Idempotency-Key': idempotencyKey } },
    }),
  );
}

/** GET /verification-queue.php (moderators): pending selfies with the pose and the member's approved photos. */
export function listVerificationQueue(api: ApiClient): Promise<VerificationQueue> {
  return unwrap(api.GET('/verification-queue.php'));
}

/** The queue as the page's loader brought it (a decision is the page's action; the loader then brings it again). */
export function useVerificationQueue() {
  return usePageResult<VerificationQueue>(VERIFICATION_QUEUE_KEY);
}

/** POST /verification-decision.php (moderators): approve, or refuse with a reason (the member is mailed the statement). */
export function decideVerification(api: ApiClient, body: VerificationDecision): Promise<Schemas['SuccessResponse']> {
  return unwrap(api.POST('/verification-decision.php', { body }));
}
