import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { electronicFormatIBAN, isSEPACountry, isValidIBAN } from 'ibantools';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { currencyOf } from '../../../src/shared/payment-methods';
import type { Locale } from '../../../src/shared/locales';
import type { Schemas } from '../../lib/api-types';
import type { Site } from '../../lib/context';
import type { Db } from '../../lib/db';
import { AppError, notFound } from '../../lib/errors';
import { message } from '../../lib/messages';
import type { SmsSender } from '../../lib/sms';
import { checkoutCountry, insertPayment, openAtProvider } from './checkout';
import {
  claimMandate,
  countWrongCode,
  directDebitBlocked,
  directDebitTotals,
  insertMandate,
  lockMandateForCode,
  lockMandateForResend,
  recordProviderMandate,
  reopenMandate,
  replaceCode,
  revokeMandate,
  voidCode,
} from './direct-debit-repository';
import type { PaymentsDeps } from './service';
import { ProviderRefused, ProviderUnavailable } from './provider';
import { findPackage, lockMember } from './repository';

/**
 * SEPA direct debit (a wrong code answers 'Code ongeldig'): the member fills in the form, gets a 6-digit code by SMS
 * (valid 10 minutes, at most 5 tries, stored hashed; a used-up or expired code says so, and 'Send a new code' gives a
 * new one), and with the right code the mandate is registered at the provider
 * and the first debit is created — pending until the provider settles it (webhook). Per-member limits per day, week and
 * month (lower for new members) and a block set by chargebacks guard both steps.
 */

const CODE_TTL_MINUTES = 10;
const CODE_MAX_TRIES = 5;
/** New codes one mandate may get ('Send a new code'); each voids the one before. */
const CODE_MAX_RESENDS = 3;
/** Direct-debit limits in euro cents: established members, and members who signed up less than 30 days ago. */
const DIRECT_DEBIT_LIMITS = {
  established: { day: 25_000, week: 50_000, month: 100_000 },
  new: { day: 10_000, week: 15_000, month: 25_000 },
} as const;
const NEW_MEMBER_DAYS = 30;

/** startDirectDebit's form as the contract validated it. */
export type DirectDebitForm = Schemas['DirectDebitRequest'];

const hashCode = (mandateRef: string, code: string) => createHash('sha256').update(`${mandateRef}:${code}`).digest('hex');

type FieldErrorCode = 'field_required' | 'iban_invalid' | 'phone_invalid' | 'consent_required';

/**
 * The form, checked and normalised: IBAN (ibantools, a SEPA country), mobile number (libphonenumber-js) in E.164.
 * Every wrong field at once: 422 with the first one's code and `params.field`, and all of them in
 * `params.field_errors` (each with its message in the member's language, lib/errors.ts).
 */
function checkForm(form: DirectDebitForm, country: string): { iban: string; mobile: string } {
  const errors: { field: string; code: FieldErrorCode }[] = [];
  for (const field of ['account_holder', 'street', 'house_number', 'postcode', 'city'] as const) {
    if (form[field].trim() === '') errors.push({ field, code: 'field_required' });
  }
  const iban = electronicFormatIBAN(form.iban) ?? '';
  if (!isValidIBAN(iban) || !isSEPACountry(iban.slice(0, 2))) errors.push({ field: 'iban', code: 'iban_invalid' });
  const phone = parsePhoneNumberFromString(form.mobile, country as Parameters<typeof parsePhoneNumberFromString>[1]);
  const type = phone?.getType();
  const mobileOk = phone !== undefined && phone.isValid() && (type === undefined || type === 'MOBILE' || type === 'FIXED_LINE_OR_MOBILE');
  if (!mobileOk) errors.push({ field: 'mobile', code: 'phone_invalid' });
  if (form.consent !== true) errors.push({ field: 'consent', code: 'consent_required' });
  const [first] = errors;
  if (first || !phone) {
    const head = first ?? { field: 'mobile', code: 'phone_invalid' as const };
    throw new AppError(422, head.code, { params: { field: head.field, field_errors: errors } });
  }
  return { iban, mobile: phone.number };
}

/** 403 when a chargeback blocked the member; 422 when `amountMinor` more would pass a limit. */
async function checkLimits(tx: Db, userId: number, amountMinor: number): Promise<void> {
  if (await directDebitBlocked(tx, userId)) throw new AppError(403, 'direct_debit_blocked');
  const row = await directDebitTotals(tx, userId, NEW_MEMBER_DAYS);
  if (!row) throw notFound();
  const limits = row.new_member ? DIRECT_DEBIT_LIMITS.new : DIRECT_DEBIT_LIMITS.established;
  if (row.day + amountMinor > limits.day || row.week + amountMinor > limits.week || row.month + amountMinor > limits.month) {
    throw new AppError(422, 'direct_debit_limit');
  }
}

const maskMobile = (e164: string) => `${e164.slice(0, 3)} ••• ${e164.slice(-3)}`;

/** startDirectDebit: checks the form and the limits, stores the mandate awaiting its code and sends the code by SMS. */
export async function startDirectDebit(
  deps: PaymentsDeps & { sms: SmsSender },
  q: { userId: number; site: Site; clientCountry: string | null; language: Locale; form: DirectDebitForm },
): Promise<Schemas['DirectDebitStarted']> {
  const country = await checkoutCountry(deps.db, q.site, { userId: q.userId, clientCountry: q.clientCountry });
  if (currencyOf(country) !== 'EUR') throw new AppError(422, 'method_unavailable', { params: { field: 'method' } });
  const { iban, mobile } = checkForm(q.form, country);
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const reference = `MM-${new Date().toISOString().slice(0, 10).replaceAll('-', '')}-${randomBytes(5).toString('hex').toUpperCase()}`;
  const mandate = await deps.db.transaction(async (tx) => {
    const pkg = await findPackage(tx, q.form.package_id, 'EUR', q.site.id);
    if (!pkg) throw notFound();
    await lockMember(tx, q.userId);
    await checkLimits(tx, q.userId, pkg.price_minor);
    return insertMandate(tx, {
      userId: q.userId,
      reference,
      accountHolder: q.form.account_holder.trim(),
      iban,
      street: q.form.street.trim(),
      houseNumber: q.form.house_number.trim(),
      postcode: q.form.postcode.trim(),
      city: q.form.city.trim(),
      mobile,
      codeHash: hashCode(reference, code),
      codeTtlMinutes: CODE_TTL_MINUTES,
      packageId: q.form.package_id,
    });
  });
  try {
    await deps.sms.send(mobile, `${q.site.name}: ${message(q.language, 'sms.direct_debit_code', { code, minutes: CODE_TTL_MINUTES })}`);
  } catch (error) {
    deps.logger.warn({ err: error, mandateId: mandate.id }, 'SMS could not be sent');
    await revokeMandate(deps.db, mandate.id);
    throw new AppError(503, 'payment_provider_unavailable', { headers: { 'Retry-After': '30' } });
  }
  return {
    mandate_id: Number(mandate.id),
    reference,
    mobile: maskMobile(mobile),
    expires_at: new Date(mandate.code_expires_at).toISOString(),
  };
}

const codeExhausted = () =>
  new AppError(422, 'sms_code_attempts_exhausted', { params: { field: 'code', tries_left: 0, can_resend: true } });

/**
 * resendDirectDebitCode ('Send a new code'): a mandate still awaiting its code gets a new one by SMS. The old code is
 * void at once (its hash replaced), the tries and the 10 minutes start again; at most CODE_MAX_RESENDS per mandate
 * (422 `sms_resend_limit`: a rule of the mandate, not a rate), and the route limits resends per member too. When the SMS cannot be sent the new code is
 * voided as well (503): the member asks again.
 */
export async function resendDirectDebitCode(
  deps: PaymentsDeps & { sms: SmsSender },
  q: { userId: number; site: Site; language: Locale; mandateId: number },
): Promise<Schemas['DirectDebitStarted']> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const mandate = await deps.db.transaction(async (tx) => {
    const m = await lockMandateForResend(tx, q.userId, q.mandateId);
    if (!m || m.status !== 'pending_code') throw notFound();
    if (m.code_resends >= CODE_MAX_RESENDS) throw new AppError(422, 'sms_resend_limit', { params: { field: 'code' } });
    return { ...m, code_expires_at: await replaceCode(tx, m.id, hashCode(m.reference, code), CODE_TTL_MINUTES) };
  });
  try {
    await deps.sms.send(
      mandate.mobile,
      `${q.site.name}: ${message(q.language, 'sms.direct_debit_code', { code, minutes: CODE_TTL_MINUTES })}`,
    );
  } catch (error) {
    deps.logger.warn({ err: error, mandateId: mandate.id }, 'SMS could not be sent');
    await voidCode(deps.db, mandate.id);
    throw new AppError(503, 'payment_provider_unavailable', { headers: { 'Retry-After': '30' } });
  }
  return {
    mandate_id: Number(mandate.id),
    reference: mandate.reference,
    mobile: maskMobile(mandate.mobile),
    expires_at: new Date(mandate.code_expires_at).toISOString(),
  };
}

/**
 * confirmDirectDebit: the code (5 tries, 10 minutes; 'Code ongeldig' otherwise), then the mandate at the provider and
 * the first debit, pending until the provider settles it.
 */
export async function confirmDirectDebit(
  deps: PaymentsDeps,
  q: { userId: number; site: Site; mandateId: number; code: string; origin: string; discountCode?: string | undefined },
): Promise<Schemas['PaymentCreated']> {
  const mandate = await deps.db.transaction(async (tx) => {
    const m = await lockMandateForCode(tx, q.userId, q.mandateId);
    if (!m) throw notFound();
    if (m.status !== 'pending_code') throw new AppError(422, 'sms_code_invalid', { params: { field: 'code', tries_left: 0 } });
    // Used up or out of time: said as such, with the way on ('Send a new code', resendDirectDebitCode).
    if (m.code_attempts >= CODE_MAX_TRIES) throw codeExhausted();
    if (!m.code_hash || m.expired)
      throw new AppError(422, 'sms_code_expired', { params: { field: 'code', tries_left: 0, can_resend: true } });
    const given = Buffer.from(hashCode(m.reference, q.code.trim()), 'hex');
    if (!timingSafeEqual(given, Buffer.from(m.code_hash, 'hex'))) {
      await countWrongCode(tx, m.id);
      return { wrong: true as const, triesLeft: CODE_MAX_TRIES - m.code_attempts - 1 };
    }
    // Claimed: a parallel confirmation now finds it no longer pending. The hash stays until the provider has it.
    await claimMandate(tx, m.id);
    return { wrong: false as const, ...m };
  });
  if (mandate.wrong) {
    // The last allowed try was wrong: the code is used up now, and the answer says so.
    if (mandate.triesLeft <= 0) throw codeExhausted();
    throw new AppError(422, 'sms_code_invalid', { params: { field: 'code', tries_left: mandate.triesLeft } });
  }

  let providerMandateId: string;
  try {
    const created = await deps.provider.createMandate({
      consumerName: mandate.account_holder,
      iban: mandate.iban,
      reference: mandate.reference,
      signatureDate: new Date().toISOString().slice(0, 10),
      idempotencyKey: `mandate-${mandate.id}`,
    });
    providerMandateId = created.id;
    await recordProviderMandate(deps.db, mandate.id, created.id);
  } catch (error) {
    if (error instanceof ProviderUnavailable || error instanceof ProviderRefused) {
      await reopenMandate(deps.db, mandate.id);
      throw new AppError(503, 'payment_provider_unavailable', { headers: { 'Retry-After': '30' }, cause: error });
    }
    throw error;
  }
  const country = await checkoutCountry(deps.db, q.site, { userId: q.userId, clientCountry: null });
  const payment = await insertPayment(
    deps.db,
    {
      userId: q.userId,
      site: q.site,
      country: currencyOf(country) === 'EUR' ? country : 'NL',
      packageId: mandate.package_id,
      method: 'directdebit',
      discountCode: q.discountCode,
      mandateId: mandate.id,
      guard: (tx, amountMinor) => checkLimits(tx, q.userId, amountMinor),
    },
    deps.provider.name,
  );
  const opened = await openAtProvider(deps, payment, {
    redirectUrl: `${q.origin}/transactions/${payment.id}`,
    siteName: q.site.name,
    sequenceType: 'recurring',
    providerMandateId,
  });
  return { payment_id: Number(opened.id), status: opened.status, checkout_url: null };
}
