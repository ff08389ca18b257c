import type { IntlShape } from 'react-intl';
import { isApiRequestError } from '../../lib/api-error';

/** A failed account call as the form shows it: the server's text (already in the member's language) and its field. */
export interface FormError {
  field: string | null;
  code: string | null;
  message: string;
}

export function toFormError(intl: IntlShape, error: unknown): FormError {
  if (isApiRequestError(error) && error.code && error.code !== 'internal_error' && error.code !== 'bad_request') {
    const field = typeof error.params.field === 'string' ? error.params.field : null;
    return { field, code: error.code, message: error.message };
  }
  return {
    field: null,
    code: isApiRequestError(error) ? (error.code ?? null) : null,
    message: intl.formatMessage({ id: 'error.generic.later', defaultMessage: 'An error occurred, please try again later.' }),
  };
}
