import type { ApiClient } from '../../../../shared/api/client';
import { isApiRequestError, unwrap } from '../../../lib/api-error';
import { swrKey } from '../../../lib/swr-key';

/**
 * GET /reset-password.php?token=…: whether the mailed reset link still works, without spending it. False for a used,
 * expired or unknown token (410); any other failure is thrown (the caller decides).
 */
export async function checkResetToken(api: ApiClient, token: string): Promise<boolean> {
  try {
    await unwrap(api.GET('/reset-password.php', { params: { query: { token } } }));
    return true;
  } catch (err) {
    if (isApiRequestError(err) && (err.status === 410 || err.status === 400)) return false;
    throw err;
  }
}

/** The key of the token check a page loader made on the server (its answer: whether the token works). */
export const resetTokenKey = (token: string) => swrKey('/reset-password.php', { token });
