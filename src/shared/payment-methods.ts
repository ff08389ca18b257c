/**
 * THE data file of payment methods (25 methods) and of the currency per country. The backend decides with
 * it where a method is offered; the client shows names and groups from it. Nothing else lists methods.
 *
 * - `countries`: where the method works (null = everywhere we sell); `currencies`: the currencies it settles in.
 * - `psp`: the provider's method id (Mollie-style); card brands are card payments (`creditcard`) with a brand.
 * - `retired`: withdrawn by the large PSPs in 2024 (Giropay, Sofort): never offered, still named in old orders.
 * - `issuers`: the method asks for the member's bank (iDEAL, Przelewy24).
 * - `refundable`: a refund can go back through the method (not Paysafecard, a prepaid voucher).
 * - `pays`: how the money comes: on the provider's hosted page there and then (the default: cards, wallets, online
 *   banking, vouchers), by a transfer the member makes from his bank (`transfer`, days), or by a debit of his account
 *   under a mandate (`debit`, days). The backend's deadlines and expected dates follow it (components/payments/deadlines.ts).
 */

const CURRENCIES = ['EUR', 'GBP', 'CHF', 'PLN', 'SEK', 'NOK', 'DKK', 'USD', 'CAD', 'AUD', 'NZD'] as const;
export type Currency = (typeof CURRENCIES)[number];

/** The currency in which members of a country pay. */
const COUNTRY_CURRENCY: Readonly<Record<string, Currency>> = {
  US: 'USD',
  NL: 'EUR',
  BE: 'EUR',
  FR: 'EUR',
  IT: 'EUR',
  ES: 'EUR',
  DE: 'EUR',
  AT: 'EUR',
  IE: 'EUR',
  FI: 'EUR',
  GB: 'GBP',
  CA: 'CAD',
  PL: 'PLN',
  AU: 'AUD',
  NZ: 'NZD',
  CH: 'CHF',
  DK: 'DKK',
  NO: 'NOK',
  SE: 'SEK',
};

export const currencyOf = (country: string): Currency => COUNTRY_CURRENCY[country.toUpperCase()] ?? 'EUR';

type MethodGroup = 'card' | 'bank' | 'wallet' | 'voucher' | 'directdebit';

interface Issuer {
  id: string;
  name: string;
}

export interface PaymentMethod {
  id: string;
  /** Brand name (not translated). */
  name: string;
  group: MethodGroup;
  psp: string;
  brand?: string;
  countries: readonly string[] | null;
  currencies: readonly Currency[];
  retired?: true;
  issuers?: readonly Issuer[];
  refundable: boolean;
  pays?: 'transfer' | 'debit';
}

const SEPA = ['NL', 'BE', 'FR', 'IT', 'ES', 'DE', 'AT', 'IE', 'FI'] as const;
const ALL = CURRENCIES;

export const PAYMENT_METHODS: readonly PaymentMethod[] = [
  {
    id: 'ideal',
    name: 'iDEAL',
    group: 'bank',
    psp: 'ideal',
    countries: ['NL'],
    currencies: ['EUR'],
    refundable: true,
    issuers: [
      { id: 'ideal_ABNANL2A', name: 'ABN AMRO' },
      { id: 'ideal_INGBNL2A', name: 'ING' },
      { id: 'ideal_RABONL2U', name: 'Rabobank' },
      { id: 'ideal_SNSBNL2A', name: 'SNS' },
      { id: 'ideal_ASNBNL21', name: 'ASN Bank' },
      { id: 'ideal_BUNQNL2A', name: 'bunq' },
      { id: 'ideal_KNABNL2H', name: 'Knab' },
      { id: 'ideal_RBRBNL21', name: 'RegioBank' },
      { id: 'ideal_TRIONL2U', name: 'Triodos Bank' },
      { id: 'ideal_REVOLT21', name: 'Revolut' },
    ],
  },
  { id: 'bancontact', name: 'Bancontact', group: 'bank', psp: 'bancontact', countries: ['BE'], currencies: ['EUR'], refundable: true },
  { id: 'eps', name: 'EPS', group: 'bank', psp: 'eps', countries: ['AT'], currencies: ['EUR'], refundable: true },
  {
    id: 'przelewy24',
    name: 'Przelewy24',
    group: 'bank',
    psp: 'przelewy24',
    countries: ['PL'],
    currencies: ['PLN', 'EUR'],
    refundable: true,
    issuers: [
      { id: 'p24_mbank', name: 'mBank' },
      { id: 'p24_pko', name: 'PKO Bank Polski' },
      { id: 'p24_pekao', name: 'Bank Pekao' },
      { id: 'p24_ing', name: 'ING Bank Śląski' },
      { id: 'p24_santander', name: 'Santander Bank Polska' },
      { id: 'p24_millennium', name: 'Bank Millennium' },
    ],
  },
  { id: 'blik', name: 'BLIK', group: 'wallet', psp: 'blik', countries: ['PL'], currencies: ['PLN'], refundable: true },
  { id: 'twint', name: 'TWINT', group: 'wallet', psp: 'twint', countries: ['CH'], currencies: ['CHF'], refundable: true },
  { id: 'swish', name: 'Swish', group: 'wallet', psp: 'swish', countries: ['SE'], currencies: ['SEK'], refundable: true },
  { id: 'vipps', name: 'Vipps', group: 'wallet', psp: 'vipps', countries: ['NO'], currencies: ['NOK'], refundable: true },
  {
    id: 'mobilepay',
    name: 'MobilePay',
    group: 'wallet',
    psp: 'mobilepay',
    countries: ['DK', 'FI'],
    currencies: ['DKK', 'EUR'],
    refundable: true,
  },
  { id: 'satispay', name: 'Satispay', group: 'wallet', psp: 'satispay', countries: ['IT'], currencies: ['EUR'], refundable: true },
  { id: 'applepay', name: 'Apple Pay', group: 'wallet', psp: 'applepay', countries: null, currencies: ALL, refundable: true },
  { id: 'paypal', name: 'PayPal', group: 'wallet', psp: 'paypal', countries: null, currencies: ALL, refundable: true },
  { id: 'creditcard', name: 'Credit card', group: 'card', psp: 'creditcard', countries: null, currencies: ALL, refundable: true },
  { id: 'visa', name: 'Visa', group: 'card', psp: 'creditcard', brand: 'visa', countries: null, currencies: ALL, refundable: true },
  {
    id: 'mastercard',
    name: 'Mastercard',
    group: 'card',
    psp: 'creditcard',
    brand: 'mastercard',
    countries: null,
    currencies: ALL,
    refundable: true,
  },
  {
    id: 'maestro',
    name: 'Maestro',
    group: 'card',
    psp: 'creditcard',
    brand: 'maestro',
    countries: [...SEPA, 'GB', 'CH', 'PL', 'DK', 'SE', 'NO'],
    currencies: ['EUR', 'GBP', 'CHF', 'PLN', 'DKK', 'SEK', 'NOK'],
    refundable: true,
  },
  {
    id: 'cartebancaire',
    name: 'Carte Bancaire',
    group: 'card',
    psp: 'creditcard',
    brand: 'cartes_bancaires',
    countries: ['FR'],
    currencies: ['EUR'],
    refundable: true,
  },
  {
    id: 'dankort',
    name: 'Dankort',
    group: 'card',
    psp: 'creditcard',
    brand: 'dankort',
    countries: ['DK'],
    currencies: ['DKK'],
    refundable: true,
  },
  { id: 'nexi', name: 'Nexi', group: 'card', psp: 'creditcard', brand: 'nexi', countries: ['IT'], currencies: ['EUR'], refundable: true },
  {
    id: 'postepay',
    name: 'Postepay',
    group: 'card',
    psp: 'creditcard',
    brand: 'postepay',
    countries: ['IT'],
    currencies: ['EUR'],
    refundable: true,
  },
  {
    id: 'banktransfer',
    name: 'Bank transfer',
    group: 'bank',
    psp: 'banktransfer',
    countries: SEPA,
    currencies: ['EUR'],
    refundable: true,
    pays: 'transfer',
  },
  {
    id: 'paysafecard',
    name: 'paysafecard',
    group: 'voucher',
    psp: 'paysafecard',
    countries: [...SEPA, 'GB', 'CH', 'PL', 'DK', 'SE', 'NO', 'US', 'CA', 'AU', 'NZ'],
    currencies: ALL,
    refundable: false,
  },
  {
    id: 'directdebit',
    name: 'SEPA Direct Debit',
    group: 'directdebit',
    psp: 'directdebit',
    countries: SEPA,
    currencies: ['EUR'],
    refundable: true,
    pays: 'debit',
  },
  {
    id: 'giropay',
    name: 'giropay',
    group: 'bank',
    psp: 'giropay',
    countries: ['DE'],
    currencies: ['EUR'],
    retired: true,
    refundable: true,
  },
  {
    id: 'sofort',
    name: 'Sofort',
    group: 'bank',
    psp: 'sofort',
    countries: ['DE', 'AT', 'BE', 'NL', 'IT', 'ES'],
    currencies: ['EUR'],
    retired: true,
    refundable: true,
  },
];

export function methodById(id: string): PaymentMethod | undefined {
  return PAYMENT_METHODS.find((m) => m.id === id);
}

/** How the money of a method comes: at the hosted checkout (`checkout`), by the member's transfer, or by a debit. */
export function paysOf(id: string): 'checkout' | 'transfer' | 'debit' {
  return methodById(id)?.pays ?? 'checkout';
}

/** Methods offered to a member in `country` paying in `currency` (never a retired one), in the file's order. */
export function methodsFor(country: string, currency: string): PaymentMethod[] {
  const c = country.toUpperCase();
  return PAYMENT_METHODS.filter(
    (m) => !m.retired && (m.countries === null || m.countries.includes(c)) && (m.currencies as readonly string[]).includes(currency),
  );
}
