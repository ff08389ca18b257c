import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useLocation } from 'react-router';
import type { Schemas } from '../../../../shared/api/client';
import { FilterIcon } from '../../../components/icons';
import { Modal } from '../../../components/modal';
import type { GridSort, SearchFilters } from '../api/list-members';
import { FilterChipLink } from './filter-chip-link';
import { OPEN_PARAM, useFilterChips, useSearchHref } from './filter-chips';
import { linkButton } from './link-button';
import { QuickFilters, quickFilterFields } from './quick-filters';
import { prefetchSheetForm, SheetForm } from './sheet-form';

type Region = Schemas['Region'];

/**
 * The compact filter bar of the member search: a Filters button that opens the fields in a sheet, and each active
 * filter as a chip that removes it with one tap; below it the quick filters (quick-filters.tsx), which the sheet's
 * form keeps as hidden fields. The grid stays the first thing on the screen. Without JavaScript the button and the
 * chips are links: to the page with the sheet open (`?filters=open`, the search form is a GET form) and to the search
 * without the chip's filter (or with the quick filter turned over).
 */
export function MemberFilters({
  value,
  countries,
  regions,
  onCountryChange,
  onSearch,
  showSort,
  defaultSort,
  fields,
}: {
  value: SearchFilters;
  countries: string[];
  regions: Region[];
  onCountryChange: (country: string | undefined) => void;
  onSearch: (filters: SearchFilters) => void;
  showSort: boolean;
  /** The grid's order when the URL names none. */
  defaultSort?: GridSort;
  /** The site's `search_fields`: which filters the sheet shows. */
  fields?: readonly string[];
}) {
  const intl = useIntl();
  const { pathname, search } = useLocation();
  const query = new URLSearchParams(search);
  const [open, setOpen] = useState(query.get(OPEN_PARAM) === 'open');
  const network = query.get('network');
  const kept: Record<string, string> = network ? { network } : {};
  const hrefOf = useSearchHref();
  const title = intl.formatMessage({ id: 'search.filters', defaultMessage: 'Filters' });
  const chips = useFilterChips(value, regions);
  const active = chips.filter((chip) => chip.key !== 'sort').length;

  const close = () => setOpen(false);
  return (
    <>
      <div className="filter-bar" data-testid="filter-bar">
        <a
          href={hrefOf(value, { [OPEN_PARAM]: 'open' })}
          className="btn btn-outline-primary btn-sm"
          aria-haspopup="dialog"
          aria-expanded={open}
          // The sheet's form is a chunk of its own (sheet-form.tsx): fetched as the member reaches for the button.
          onPointerEnter={prefetchSheetForm}
          onPointerDown={prefetchSheetForm}
          onFocus={prefetchSheetForm}
          {...linkButton(() => setOpen(true))}
        >
          <FilterIcon />
          {title}
          {active > 0 ? (
            <span className="badge rounded-pill text-bg-primary">
              <span className="visually-hidden">(</span>
              {intl.formatNumber(active)}
              <span className="visually-hidden">)</span>
            </span>
          ) : null}
        </a>
        {chips.map((chip) => (
          <FilterChipLink key={chip.key} chip={chip} hrefOf={hrefOf} onSearch={onSearch} />
        ))}
      </div>
      {/* The Order field is offered to members only, and so is nearby: both use the member's shared location. */}
      <QuickFilters value={value} hrefOf={hrefOf} onSearch={onSearch} member={showSort} />
      {open ? (
        <Modal title={title} onDismiss={close} className="app-sheet" testId="filter-sheet">
          <button
            type="button"
            className="btn-close sheet-close"
            aria-label={intl.formatMessage({ id: 'search.closeFilters', defaultMessage: 'Close the filters' })}
            onClick={close}
          />
          <SheetForm
            value={value}
            countries={countries}
            regions={regions}
            onCountryChange={onCountryChange}
            onSearch={(filters) => {
              close();
              onSearch(filters);
            }}
            showSort={showSort}
            defaultSort={defaultSort}
            fields={fields}
            action={pathname}
            hidden={{ ...kept, ...quickFilterFields(value) }}
          />
        </Modal>
      ) : null}
    </>
  );
}
