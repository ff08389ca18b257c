import type { IntlShape } from 'react-intl';
import { MIN_AGE, PASSWORD_MIN_LENGTH, type FieldErrorCode } from '../../../shared/account-rules';
import { isApiRequestError } from '../../lib/api-error';

/**
 * Every wrong field of a refused signup by the shared rules' codes (the route action checks all fields at once before
 * the backend is asked: `params.field_errors`), or null when the refusal names none.
 */
export function fieldCodesOf(error: unknown): Array<{ field: string; code: FieldErrorCode }> | null {
  if (!isApiRequestError(error) || !Array.isArray(error.params.field_errors)) return null;
  const found = (error.params.field_errors as Array<{ field?: unknown; code?: unknown }>).filter(
    (e): e is { field: string; code: FieldErrorCode } => typeof e.field === 'string' && typeof e.code === 'string',
  );
  return found.length > 0 ? found : null;
}

/** The text of a field rule (src/shared/account-rules.ts) in the member's language. */
export function ruleMessage(intl: IntlShape, code: FieldErrorCode): string {
  switch (code) {
    case 'email_invalid':
    case 'new_email_invalid':
      return intl.formatMessage({ id: 'signup.error.emailInvalid', defaultMessage: 'Invalid e-mail' });
    case 'password_too_short':
    case 'passwords_differ':
      return intl.formatMessage(
        { id: 'signup.error.passwordTooShort', defaultMessage: 'Your password needs at least {min} characters.' },
        { min: PASSWORD_MIN_LENGTH },
      );
    case 'name_required':
      return intl.formatMessage({ id: 'signup.error.nameRequired', defaultMessage: 'Fill in your profile name' });
    case 'name_is_email':
      return intl.formatMessage({
        id: 'signup.error.nameIsEmail',
        defaultMessage: 'Your profile name must be different from your e-mail address',
      });
    case 'name_starts_with_at':
      return intl.formatMessage({ id: 'signup.error.nameStartsWithAt', defaultMessage: 'Your profile name must not start with an @' });
    case 'birth_date_required':
      return intl.formatMessage(
        { id: 'signup.error.birthDateRequired', defaultMessage: 'Fill in your date of birth ({min_age}+ years)' },
        { min_age: MIN_AGE },
      );
    case 'birth_date_invalid':
      return intl.formatMessage({ id: 'signup.error.birthDateInvalid', defaultMessage: 'Invalid date of birth.' });
  }
}
