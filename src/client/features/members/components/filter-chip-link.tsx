import { useIntl } from 'react-intl';
import type { SearchFilters } from '../api/list-members';
import type { FilterChip } from './filter-chips';
import { linkButton } from './link-button';

/**
 * One filter that is on, as a chip that takes it off: a link to the search without it (it works without JavaScript),
 * the search run in the page with it. Named "Remove filter: …" for screen readers.
 */
export function FilterChipLink({
  chip,
  hrefOf,
  onSearch,
}: {
  chip: FilterChip;
  hrefOf: (filters: SearchFilters) => string;
  onSearch: (filters: SearchFilters) => void;
}) {
  const intl = useIntl();
  return (
    <a
      href={hrefOf(chip.without)}
      className="filter-chip"
      aria-label={intl.formatMessage({ id: 'search.removeFilter', defaultMessage: 'Remove filter: {filter}' }, { filter: chip.label })}
      {...linkButton(() => onSearch(chip.without))}
    >
      {chip.label}
      <span aria-hidden="true">×</span>
    </a>
  );
}
