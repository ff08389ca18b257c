import type { IntlShape } from 'react-intl';
import { isApiRequestError } from '../../lib/api-error';

/**
 * The text for a refused safety call: the backend's own message (already in the member's language) for a refusal he
 * can act on, the generic one for anything else.
 */
export function safetyErrorText(intl: IntlShape, error: unknown): string {
  if (isApiRequestError(error) && error.status < 500 && error.code && !['bad_request', 'internal_error'].includes(error.code)) {
    return error.message;
  }
  return intl.formatMessage({ id: 'error.generic.later', defaultMessage: 'An error occurred, please try again later.' });
}
