import { FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import { Link } from '../../../components/link';
import type { SearchFilters } from '../api/list-members';
import { BAND_KM, MAX_DISTANCES } from '../search-query';
import { LOOKING_FOR, LOOKING_FOR_LABELS, POSITION_LABELS, POSITIONS, TRIBE_LABELS, TRIBES } from './profile-filter-labels';

/** The heights the range offers, in centimetres (the contract takes 120–230). */
const HEIGHTS = Array.from({ length: 15 }, (_, i) => 140 + i * 5);

type ListKey = 'looking_for' | 'position' | 'tribes';

/**
 * A group of checkboxes of one list filter (`name=a&name=b` when the form is sent without JavaScript), each drawn as
 * a toggle button (Bootstrap's `btn-check`: a real checkbox and its label), wrapping onto as many lines as needed.
 */
function CheckGroup<T extends string>({
  name,
  legend,
  values,
  labels,
  chosen,
  onChange,
}: {
  name: ListKey;
  legend: string;
  values: readonly T[];
  labels: Record<T, MessageDescriptor>;
  chosen: readonly T[] | undefined;
  onChange: (next: T[] | undefined) => void;
}) {
  const intl = useIntl();
  return (
    <fieldset className="search-checks">
      <legend className="form-label small">{legend}</legend>
      <div className="search-check-options">
        {values.map((v) => {
          const id = `sf-${name}-${v}`;
          const on = chosen?.includes(v) ?? false;
          const label: MessageDescriptor = labels[v];
          return (
            <span key={v}>
              <input
                type="checkbox"
                className="btn-check"
                id={id}
                name={name}
                value={v}
                checked={on}
                onChange={() => {
                  // Sorted, as the URL keeps them (list-members.ts).
                  const next = values.filter((x) => (x === v ? !on : (chosen ?? []).includes(x))).sort();
                  onChange(next.length > 0 ? next : undefined);
                }}
              />
              <label className="btn btn-sm btn-outline-primary" htmlFor={id}>
                {intl.formatMessage(label)}
              </label>
            </span>
          );
        })}
      </div>
    </fieldset>
  );
}

/**
 * The sheet's filters by what members say of themselves and by distance: the distance band (members only; it needs
 * the member's shared location, which the hint offers to share), what they look for, position, tribes and the height
 * range. Fields of the search form's GET form, named as members.php's query.
 */
export function ProfileFilterFields({
  draft,
  setDraft,
  showDistance,
}: {
  draft: SearchFilters;
  setDraft: (next: SearchFilters) => void;
  /** Offer the distance (members only). */
  showDistance: boolean;
}) {
  const intl = useIntl();
  const any = intl.formatMessage({ id: 'search.any', defaultMessage: 'Any' });
  const cm = (n: number) => intl.formatNumber(n, { style: 'unit', unit: 'centimeter' });
  const height = (key: 'min_height' | 'max_height', id: string, label: string, options: number[]) => (
    <div className="search-field">
      <label htmlFor={id} className="form-label small">
        {label}
      </label>
      <select
        id={id}
        name={key}
        className="form-select"
        value={draft[key] ?? ''}
        onChange={(e) => setDraft({ ...draft, [key]: e.target.value ? Number(e.target.value) : undefined })}
      >
        <option value="">{any}</option>
        {options.map((h) => (
          <option key={h} value={h}>
            {cm(h)}
          </option>
        ))}
      </select>
    </div>
  );
  return (
    <>
      {showDistance ? (
        <div className="search-field">
          <label htmlFor="sf-distance" className="form-label small">
            <FormattedMessage id="search.filter.distance" defaultMessage="Distance" />
          </label>
          <select
            id="sf-distance"
            name="max_distance"
            className="form-select"
            aria-describedby="sf-distance-hint"
            value={draft.max_distance ?? ''}
            onChange={(e) => setDraft({ ...draft, max_distance: MAX_DISTANCES.find((d) => d === e.target.value) })}
          >
            <option value="">{any}</option>
            {MAX_DISTANCES.map((d) => (
              <option key={d} value={d}>
                {intl.formatMessage({ id: 'search.filter.within', defaultMessage: 'Within {km} km' }, { km: BAND_KM[d] })}
              </option>
            ))}
          </select>
          <div id="sf-distance-hint" className="form-text">
            <FormattedMessage id="search.filter.distanceHint" defaultMessage="Uses the location you share." />{' '}
            <Link to="/profile#location-heading">
              <FormattedMessage id="location.share" defaultMessage="Share my location" />
            </Link>
          </div>
        </div>
      ) : null}
      <div className="search-field search-field-pair">
        {height(
          'min_height',
          'sf-min-height',
          intl.formatMessage({ id: 'search.filter.minHeight', defaultMessage: 'Height from' }),
          HEIGHTS,
        )}
        {height(
          'max_height',
          'sf-max-height',
          intl.formatMessage({ id: 'search.filter.maxHeight', defaultMessage: 'Height up to' }),
          HEIGHTS.filter((h) => !draft.min_height || h >= draft.min_height),
        )}
      </div>
      <CheckGroup
        name="looking_for"
        legend={intl.formatMessage({ id: 'search.filter.lookingFor', defaultMessage: 'Looking for' })}
        values={LOOKING_FOR}
        labels={LOOKING_FOR_LABELS}
        chosen={draft.looking_for}
        onChange={(looking_for) => setDraft({ ...draft, looking_for })}
      />
      <CheckGroup
        name="position"
        legend={intl.formatMessage({ id: 'search.filter.position', defaultMessage: 'Position' })}
        values={POSITIONS}
        labels={POSITION_LABELS}
        chosen={draft.position}
        onChange={(position) => setDraft({ ...draft, position })}
      />
      <CheckGroup
        name="tribes"
        legend={intl.formatMessage({ id: 'search.filter.tribes', defaultMessage: 'Tribes' })}
        values={TRIBES}
        labels={TRIBE_LABELS}
        chosen={draft.tribes}
        onChange={(tribes) => setDraft({ ...draft, tribes })}
      />
    </>
  );
}
