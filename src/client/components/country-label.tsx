import { useRegionName } from '../lib/region-names';

/** The flag emoji of an ISO 3166-1 alpha-2 code. */
function countryFlag(code: string): string {
  if (!/^[A-Za-z]{2}$/.test(code)) return '';
  return String.fromCodePoint(...[...code.toUpperCase()].map((c) => 0x1f1e6 + c.charCodeAt(0) - 65));
}

/** Flag and country name in the interface language (Intl.DisplayNames), optionally with the region. */
export function CountryLabel({ country, region }: { country: string | null | undefined; region?: string | null | undefined }) {
  const regionName = useRegionName();
  if (!country) return region ? <span>{region}</span> : null;
  const name = regionName(country);
  return (
    <span>
      <span aria-hidden="true">{countryFlag(country)} </span>
      {region ? `${region}, ${name}` : name}
    </span>
  );
}
