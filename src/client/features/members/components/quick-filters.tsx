import { defineMessages, useIntl, type MessageDescriptor } from 'react-intl';
import type { QuickFilter, SearchFilters } from '../api/list-members';
import { linkButton } from './link-button';

interface QuickChip {
  /** The filter it toggles (`name=true` in the URL and in members.php's query). */
  key: QuickFilter;
  label: MessageDescriptor;
  /** Offered to logged-in members only (it needs the member's shared location). */
  membersOnly?: boolean;
}

const LABELS = defineMessages({
  online: { id: 'search.quick.online', defaultMessage: 'Online now' },
  rightNow: { id: 'search.quick.rightNow', defaultMessage: 'Right now' },
  withPhoto: { id: 'search.quick.withPhoto', defaultMessage: 'With photo' },
  nearby: { id: 'search.quick.nearby', defaultMessage: 'Nearby' },
  new: { id: 'search.quick.new', defaultMessage: 'New' },
  verified: { id: 'search.quick.verified', defaultMessage: 'Verified' },
});

/** The chips over the grid, in their order; a new one is one more line here. */
const CHIPS: readonly QuickChip[] = [
  { key: 'online', label: LABELS.online },
  // Online now and looking for a meeting today (what he looks for on his profile).
  { key: 'right_now', label: LABELS.rightNow },
  { key: 'with_photo', label: LABELS.withPhoto },
  { key: 'verified', label: LABELS.verified },
  { key: 'nearby', label: LABELS.nearby, membersOnly: true },
  { key: 'new', label: LABELS.new },
];

/** The search with one quick filter turned over (the others, the sheet's filters and the order stay). */
function toggleQuickFilter(filters: SearchFilters, key: QuickFilter): SearchFilters {
  return { ...filters, [key]: filters[key] ? undefined : true };
}

/** The quick filters that are on, in the chips' order, with their names (the empty result lists them). */
export function activeQuickFilters(filters: SearchFilters, member: boolean): Array<{ key: QuickFilter; label: MessageDescriptor }> {
  return CHIPS.filter((chip) => filters[chip.key] === true && (member || !chip.membersOnly)).map(({ key, label }) => ({ key, label }));
}

/** The quick filters that are on, as the hidden fields of the sheet's GET form (kept when it searches). */
export function quickFilterFields(filters: SearchFilters): Record<string, string> {
  return Object.fromEntries(CHIPS.filter((chip) => filters[chip.key]).map((chip) => [chip.key, 'true']));
}

/**
 * One-tap filters over the member grid: online now, right now, with photo, verified, nearby, new. Each chip is a link to the search with
 * its filter turned over (so it works without JavaScript and is a shareable address) and, with JavaScript, a toggle
 * button (`aria-pressed`) that searches in place. They combine with each other and with the sheet's filters.
 */
export function QuickFilters({
  value,
  hrefOf,
  onSearch,
  member,
}: {
  value: SearchFilters;
  /** The address of a search (with the parameters the page keeps). */
  hrefOf: (filters: SearchFilters) => string;
  onSearch: (filters: SearchFilters) => void;
  /** The viewer is logged in (nearby needs his shared location). */
  member: boolean;
}) {
  const intl = useIntl();
  return (
    <div
      className="quick-filters"
      role="group"
      aria-label={intl.formatMessage({ id: 'search.quick.label', defaultMessage: 'Quick filters' })}
      data-testid="quick-filters"
    >
      {CHIPS.filter((chip) => member || !chip.membersOnly).map((chip) => {
        const on = value[chip.key] === true;
        const next = toggleQuickFilter(value, chip.key);
        return (
          <a
            key={chip.key}
            href={hrefOf(next)}
            className="quick-chip"
            {...linkButton(() => onSearch(next))}
            role="button"
            aria-pressed={on}
          >
            {intl.formatMessage(chip.label)}
          </a>
        );
      })}
    </div>
  );
}
