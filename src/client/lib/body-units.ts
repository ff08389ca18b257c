/**
 * Height and weight as a member reads them. They are stored in centimetres and kilograms, and every one of the site's
 * eleven languages is read in metric countries, so they are shown metric everywhere; English is also read by members
 * used to feet, inches and pounds, so English shows those alongside ("1.80 m (5 ft 11 in)"). Every number and unit is
 * Intl's, in the member's language (German "1,80 m").
 */
export const showsImperial = (locale: string): boolean => locale.slice(0, 2) === 'en';

const CM_PER_INCH = 2.54;
const KG_PER_POUND = 0.45359237;

const unit = (locale: string, name: string, digits = 0) =>
  new Intl.NumberFormat(locale, { style: 'unit', unit: name, minimumFractionDigits: digits, maximumFractionDigits: digits });

/** Feet and inches of a height in centimetres ("5 ft, 11 in" as Intl joins units), rounded to the inch. */
export function feetAndInches(cm: number, locale: string): string {
  const inches = Math.round(cm / CM_PER_INCH);
  const parts = [unit(locale, 'foot').format(Math.floor(inches / 12)), unit(locale, 'inch').format(inches % 12)];
  return new Intl.ListFormat(locale, { type: 'unit', style: 'short' }).format(parts);
}

/** "1.80 m", in English "1.80 m (5 ft, 11 in)". */
export function formatHeight(cm: number, locale: string): string {
  const metric = unit(locale, 'meter', 2).format(cm / 100);
  return showsImperial(locale) ? `${metric} (${feetAndInches(cm, locale)})` : metric;
}

/** "82 kg", in English "82 kg (181 lb)". */
export function formatWeight(kg: number, locale: string): string {
  const metric = unit(locale, 'kilogram').format(kg);
  return showsImperial(locale) ? `${metric} (${unit(locale, 'pound').format(Math.round(kg / KG_PER_POUND))})` : metric;
}

/** The editor's hint beside a measure field: the imperial equivalent in English, nothing elsewhere. */
export function imperialHint(field: 'height_cm' | 'weight_kg', value: number, locale: string): string | null {
  if (!showsImperial(locale)) return null;
  return field === 'height_cm' ? feetAndInches(value, locale) : unit(locale, 'pound').format(Math.round(value / KG_PER_POUND));
}
