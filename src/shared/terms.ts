/** The terms version date is 2023-12-01 12:00 UTC, or the company's `added` date when that is later. */
const TERMS_BASE_DATE = '2023-12-01T12:00:00Z';

export function termsVersionDate(companyAdded: string | null | undefined): Date {
  const base = new Date(TERMS_BASE_DATE);
  const added = companyAdded ? new Date(companyAdded) : null;
  return added && Number.isFinite(added.getTime()) && added > base ? added : base;
}
