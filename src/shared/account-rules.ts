/** Account field rules, shared by the signup form (instant feedback) and the backend (which enforces them). */
import { hasVisibleText } from './visible-text';

export const MIN_AGE = 18;
const MAX_AGE = 120;
export const PASSWORD_MIN_LENGTH = 8;
export const NAME_MAX_LENGTH = 40;

export type FieldErrorCode =
  | 'email_invalid'
  | 'new_email_invalid'
  | 'name_required'
  | 'name_is_email'
  | 'name_starts_with_at'
  | 'birth_date_required'
  | 'birth_date_invalid'
  | 'password_too_short'
  | 'passwords_differ';

// One @, no spaces, a dot in the domain; deliberately simple (the confirmation mail is the real check).
const EMAIL = /^[^\s@]{1,64}@[^\s@]+\.[^\s@]{2,}$/;

function isValidEmail(email: string): boolean {
  return email.length <= 254 && EMAIL.test(email.trim());
}

export function checkEmail(email: string): FieldErrorCode | null {
  return isValidEmail(email) ? null : 'email_invalid';
}

export function checkName(name: string, email: string): FieldErrorCode | null {
  const n = name.trim();
  if (!hasVisibleText(n)) return 'name_required';
  if (n.startsWith('@')) return 'name_starts_with_at';
  if (n.toLowerCase() === email.trim().toLowerCase() || isValidEmail(n)) return 'name_is_email';
  return null;
}

/** Age in whole years on `today` (UTC dates) for a YYYY-MM-DD birth date, or null if it is no real date. */
export function ageOn(dateOfBirth: string, today: Date): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(dateOfBirth);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null;
  let age = today.getUTCFullYear() - y;
  const beforeBirthday = today.getUTCMonth() < mo - 1 || (today.getUTCMonth() === mo - 1 && today.getUTCDate() < d);
  if (beforeBirthday) age -= 1;
  return age;
}

/** Missing or too young: 'required ({min_age}+)'; not a date, in the future or absurdly old: 'invalid'. */
export function checkDateOfBirth(dateOfBirth: string | undefined, today: Date = new Date()): FieldErrorCode | null {
  if (!dateOfBirth) return 'birth_date_required';
  const age = ageOn(dateOfBirth, today);
  if (age === null || age < 0 || age > MAX_AGE) return 'birth_date_invalid';
  if (age < MIN_AGE) return 'birth_date_required';
  return null;
}

export function checkNewPassword(password: string, repeat?: string): FieldErrorCode | null {
  if (password.length < PASSWORD_MIN_LENGTH) return 'password_too_short';
  if (repeat !== undefined && repeat !== password) return 'passwords_differ';
  return null;
}

/** The fields of one signup step the member fills in before moving on. */
export type SignupStepFields =
  { step: 'account'; email: string; password: string } | { step: 'personal'; email: string; name: string; date_of_birth: string };

/**
 * Every wrong field of a signup step at once, in the order they appear, by the same rules the server applies (which
 * stays the authority): the wizard checks a step before it moves on.
 */
export function signupStepErrors(fields: SignupStepFields, today: Date = new Date()): Array<{ field: string; code: FieldErrorCode }> {
  const found: Array<{ field: string; code: FieldErrorCode | null }> =
    fields.step === 'account'
      ? [
          { field: 'email', code: checkEmail(fields.email) },
          { field: 'password', code: checkNewPassword(fields.password) },
        ]
      : [
          { field: 'name', code: checkName(fields.name, fields.email) },
          { field: 'date_of_birth', code: checkDateOfBirth(fields.date_of_birth, today) },
        ];
  return found.flatMap((e) => (e.code ? [{ field: e.field, code: e.code }] : []));
}
