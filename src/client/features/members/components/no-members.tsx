import { FormattedMessage, useIntl } from 'react-intl';
import type { Schemas } from '../../../../shared/api/client';
import type { SearchFilters } from '../api/list-members';
import { FilterChipLink } from './filter-chip-link';
import { useFilterChips, useSearchHref } from './filter-chips';
import { linkButton } from './link-button';

/**
 * A search that found nobody never leaves the member stuck: with filters on (the sheet's and the quick filters, piled
 * up), it says which ones, each a chip that removes it with one tap, and "Clear all filters" searches without any of
 * them (the order stays: it filters nobody out). Without JavaScript each is a link to that search.
 */
export function NoMembers({
  value,
  regions,
  member,
  onSearch,
}: {
  value: SearchFilters;
  regions: Schemas['Region'][];
  /** The viewer is logged in (the quick filters he can have on). */
  member: boolean;
  onSearch: (filters: SearchFilters) => void;
}) {
  const intl = useIntl();
  const hrefOf = useSearchHref();
  const chips = useFilterChips(value, regions, { member }).filter((chip) => chip.key !== 'sort');
  if (chips.length === 0)
    return (
      <p className="surface text-center" data-testid="members-empty">
        <FormattedMessage id="members.empty" defaultMessage="No members found." />
      </p>
    );
  const cleared: SearchFilters = value.sort ? { sort: value.sort } : {};
  return (
    <div className="surface text-center no-members" data-testid="members-empty">
      <p className="fw-semibold mb-2">
        <FormattedMessage
          id="members.emptyFiltered"
          defaultMessage="No members match {count, plural, one {this filter} other {these # filters}}:"
          values={{ count: chips.length }}
        />
      </p>
      <ul className="no-members-filters" aria-label={intl.formatMessage({ id: 'members.activeFilters', defaultMessage: 'Filters on' })}>
        {chips.map((chip) => (
          <li key={chip.key}>
            <FilterChipLink chip={chip} hrefOf={hrefOf} onSearch={onSearch} />
          </li>
        ))}
      </ul>
      <a href={hrefOf(cleared)} className="btn btn-primary" data-testid="clear-filters" {...linkButton(() => onSearch(cleared))}>
        <FormattedMessage id="members.clearFilters" defaultMessage="Clear all filters" />
      </a>
    </div>
  );
}
