import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  HEIGHT_CM,
  LOOKING_FOR,
  POSITIONS,
  PRONOUNS,
  TRIBES,
  TRIBES_MAX,
  WEIGHT_KG,
  type WordsField,
  type WordsProblemCode,
} from '../../shared/profile-words';
import { imperialHint } from '../lib/body-units';
import { LOOKING_FOR_LABELS, POSITION_LABELS, PRONOUN_LABELS, TRIBE_LABELS, WORDS_LABELS, WORDS_PROBLEMS } from '../lib/profile-messages';
import type { Schemas } from '../../shared/api/client';

/**
 * The hidden field the own-words fieldset carries: without it (an older form, a post of the name alone) looking for,
 * position, tribes, height, weight and pronouns are left as they are; with it, an unticked list clears its field.
 */
export const WORDS_SHOWN_FIELD = 'words_shown';

/** The own words as the form holds them: the lists ticked, the rest as typed or chosen ('' = not said). */
export interface WordsState {
  looking_for: string[];
  position: string;
  tribes: string[];
  height_cm: string;
  weight_kg: string;
  pronouns: string;
}

export const EMPTY_WORDS: WordsState = { looking_for: [], position: '', tribes: [], height_cm: '', weight_kg: '', pronouns: '' };

export function initialWords(a: Schemas['ProfileAttributes']): WordsState {
  return {
    looking_for: a.looking_for ?? [],
    position: a.position ?? '',
    tribes: a.tribes ?? [],
    height_cm: a.height_cm == null ? '' : String(a.height_cm),
    weight_kg: a.weight_kg == null ? '' : String(a.weight_kg),
    pronouns: a.pronouns ?? '',
  };
}

/** The own words as a refused post sent them (profileFieldsOf: lists joined by commas), over the saved ones. */
export function wordsAsSent(state: WordsState, fields: Record<string, string>): WordsState {
  const list = (name: 'looking_for' | 'tribes') => (fields[name] === undefined ? state[name] : fields[name].split(',').filter(Boolean));
  return {
    looking_for: list('looking_for'),
    position: fields.position ?? state.position,
    tribes: list('tribes'),
    height_cm: fields.height_cm ?? state.height_cm,
    weight_kg: fields.weight_kg ?? state.weight_kg,
    pronouns: fields.pronouns ?? state.pronouns,
  };
}

/** The rules a refused post broke, by field (the action's `params.field_errors`). */
export function wordsErrorsOf(params: Record<string, unknown> | undefined): Partial<Record<WordsField, string>> {
  const list = Array.isArray(params?.field_errors) ? (params.field_errors as { field?: unknown; code?: unknown }[]) : [];
  const out: Partial<Record<WordsField, string>> = {};
  for (const e of list) {
    if (typeof e.field === 'string' && typeof e.code === 'string' && e.code in WORDS_PROBLEMS) out[e.field as WordsField] = e.code;
  }
  return out;
}

interface Props {
  words: WordsState;
  onChange: (words: WordsState) => void;
  /** Codes of the rules broken, by field (from the refused post). */
  errors: Partial<Record<WordsField, string>>;
  notSaid: string;
}

/** The unit Intl writes for `unit` in this language ("cm", "kg"), for the measure fields' suffix. */
function unitText(locale: string, unit: string): string {
  const parts = new Intl.NumberFormat(locale, { style: 'unit', unit }).formatToParts(0);
  return parts.find((p) => p.type === 'unit')?.value ?? unit;
}

/**
 * The profile in his own words, all optional: what he is looking for and his tribes (lists of chips; at most three
 * tribes, said beside them and checked by the page's action), position and pronouns (choices), height in centimetres
 * and weight in kilograms (with feet, inches and pounds beside them in English: lib/body-units.ts).
 */
export function ProfileWordsFields({ words, onChange, errors, notSaid }: Props) {
  const intl = useIntl();
  const t = intl.formatMessage;
  const tooMany = words.tribes.length > TRIBES_MAX;
  const errorOf = (field: WordsField): ReactNode => {
    const code = field === 'tribes' && tooMany ? 'profile_tribes_too_many' : errors[field];
    if (!code) return null;
    const range = field === 'height_cm' ? HEIGHT_CM : WEIGHT_KG;
    return (
      <div id={`pf-${field}-error`} className="invalid-feedback d-block" role={field === 'tribes' ? 'status' : undefined}>
        {t(WORDS_PROBLEMS[code as WordsProblemCode], { max: field === 'tribes' ? TRIBES_MAX : range.max, min: range.min })}
      </div>
    );
  };
  const toggle = (name: 'looking_for' | 'tribes', value: string) => {
    const list = words[name];
    onChange({ ...words, [name]: list.includes(value) ? list.filter((v) => v !== value) : [...list, value] });
  };
  const chips = (name: 'looking_for' | 'tribes', values: readonly string[], labels: typeof TRIBE_LABELS) => (
    <div className="interest-picker">
      {values.map((value) => {
        const checked = words[name].includes(value);
        const label = labels[value];
        return (
          <label key={value} className={`interest-chip${checked ? ' is-checked' : ''}`}>
            <input
              type="checkbox"
              name={name}
              value={value}
              className="visually-hidden-focusable-input"
              checked={checked}
              onChange={() => toggle(name, value)}
            />
            {label ? t(label) : value}
          </label>
        );
      })}
    </div>
  );
  const measure = (field: 'height_cm' | 'weight_kg', unit: string, range: { min: number; max: number }) => {
    const value = Number(words[field]);
    const hint =
      words[field] !== '' && Number.isInteger(value) && value >= range.min && value <= range.max
        ? imperialHint(field, value, intl.locale)
        : null;
    const invalid = Boolean(errors[field]);
    return (
      <div className="col-6 col-md-3">
        <label htmlFor={`pf-${field}`} className="form-label">
          {t(WORDS_LABELS[field])}
        </label>
        <div className="input-group">
          <input
            id={`pf-${field}`}
            name={field}
            // Text, not a number field: what he typed ("1,80") is what the rule checks and names, never silently emptied.
            type="text"
            inputMode="numeric"
            autoComplete="off"
            className={`form-control${invalid ? ' is-invalid' : ''}`}
            value={words[field]}
            aria-describedby={[invalid ? `pf-${field}-error` : '', hint ? `pf-${field}-hint` : ''].filter(Boolean).join(' ') || undefined}
            onChange={(e) => onChange({ ...words, [field]: e.target.value })}
          />
          <span className="input-group-text">{unitText(intl.locale, unit)}</span>
        </div>
        {hint ? (
          <div id={`pf-${field}-hint`} className="form-text">
            ≈ {hint}
          </div>
        ) : null}
        {errorOf(field)}
      </div>
    );
  };
  const choice = (field: 'position' | 'pronouns', values: readonly string[], labels: typeof POSITION_LABELS) => (
    <div className="col-12 col-md-6">
      <label htmlFor={`pf-${field}`} className="form-label">
        {t(WORDS_LABELS[field])}
      </label>
      <select
        id={`pf-${field}`}
        name={field}
        className="form-select"
        value={words[field]}
        onChange={(e) => onChange({ ...words, [field]: e.target.value })}
      >
        <option value="">{notSaid}</option>
        {values.map((v) => (
          <option key={v} value={v}>
            {labels[v] ? t(labels[v]) : v}
          </option>
        ))}
      </select>
    </div>
  );

  return (
    <>
      <fieldset className="col-12" data-testid="profile-words">
        <legend className="form-label fs-6">{t(WORDS_LABELS.looking_for)}</legend>
        {chips('looking_for', LOOKING_FOR, LOOKING_FOR_LABELS)}
      </fieldset>
      {choice('position', POSITIONS, POSITION_LABELS)}
      {choice('pronouns', PRONOUNS, PRONOUN_LABELS)}
      {measure('height_cm', 'centimeter', HEIGHT_CM)}
      {measure('weight_kg', 'kilogram', WEIGHT_KG)}
      <fieldset className="col-12" aria-describedby={`pf-tribes-help${tooMany || errors.tribes ? ' pf-tribes-error' : ''}`}>
        <legend className="form-label fs-6">{t(WORDS_LABELS.tribes)}</legend>
        <div id="pf-tribes-help" className="form-text mt-0 mb-2">
          <FormattedMessage id="profileEdit.tribesHelp" defaultMessage="Choose up to {max}." values={{ max: TRIBES_MAX }} />
        </div>
        {chips('tribes', TRIBES, TRIBE_LABELS)}
        {errorOf('tribes')}
        {/* After the chips: without it (an older form) the own words are left as they are. */}
        <input type="hidden" name={WORDS_SHOWN_FIELD} value="1" />
      </fieldset>
    </>
  );
}
