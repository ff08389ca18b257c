import { describe, expect, it } from 'vitest';
import { feetAndInches, formatHeight, formatWeight, imperialHint, showsImperial } from './body-units';
import { formatHeightBrief } from './card-words';
import { parseMeasure, profileWordsProblems } from '../../shared/profile-words';
import { profileUpdateOf, profileWordsProblemsOf } from '../features/profile-edit/profile-update';
import { WORDS_SHOWN_FIELD } from '../components/profile-words-fields';

/** Intl writes a no-break or narrow no-break space between a number and its unit in some languages. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('height and weight as a member reads them', () => {
  it('When the language is English, then metric comes first and feet, inches and pounds beside it', () => {
    expect(showsImperial('en')).toBe(true);
    expect(plain(formatHeight(180, 'en'))).toBe('1.80 m (5 ft, 11 in)');
    expect(plain(formatWeight(82, 'en'))).toBe('82 kg (181 lb)');
    expect(plain(feetAndInches(183, 'en'))).toBe('6 ft, 0 in');
    expect(plain(imperialHint('height_cm', 180, 'en') ?? '')).toBe('5 ft, 11 in');
  });

  it('When the language is any other of the eleven, then metric alone, written the way that language writes numbers', () => {
    for (const locale of ['nl', 'de', 'it', 'fr', 'es', 'pl', 'da', 'fi', 'nb', 'sv']) {
      expect(showsImperial(locale)).toBe(false);
      expect(formatHeight(180, locale)).not.toMatch(/ft|in\b/);
      expect(imperialHint('weight_kg', 82, locale)).toBeNull();
    }
    expect(plain(formatHeight(180, 'de'))).toBe('1,80 m');
    expect(plain(formatWeight(82, 'fr'))).toBe('82 kg');
    expect(plain(formatHeightBrief(180, 'sv'))).toBe('180 cm');
  });
});

describe('the own words of a posted profile form', () => {
  const form = (entries: Array<[string, string]>) => {
    const f = new FormData();
    for (const [k, v] of entries) f.append(k, v);
    return f;
  };

  it('When the fieldset was shown, then the lists are what was ticked and an empty field clears; without it nothing changes', () => {
    const body = profileUpdateOf(
      form([
        ['name', 'Jan'],
        [WORDS_SHOWN_FIELD, '1'],
        ['looking_for', 'right_now'],
        ['looking_for', 'chat'],
        ['tribes', 'otter'],
        ['position', 'versatile'],
        ['height_cm', ' 180 '],
        ['weight_kg', ''],
        ['pronouns', ''],
      ]),
      [],
    );
    expect(body).toMatchObject({ looking_for: ['chat', 'right_now'], tribes: ['otter'], position: 'versatile', height_cm: 180 });
    expect(body).toMatchObject({ weight_kg: null, pronouns: null });
    expect(profileUpdateOf(form([['name', 'Jan']]), [])).not.toHaveProperty('tribes');
  });

  it('When a rule is broken, then every wrong field is named at once', () => {
    const wrong = profileWordsProblemsOf(
      form([
        [WORDS_SHOWN_FIELD, '1'],
        ...['bear', 'cub', 'otter', 'wolf'].map((t): [string, string] => ['tribes', t]),
        ['height_cm', '1,80'],
        ['weight_kg', '300'],
      ]),
    );
    expect(wrong).toEqual([
      { field: 'tribes', code: 'profile_tribes_too_many' },
      { field: 'height_cm', code: 'profile_height_range' },
      { field: 'weight_kg', code: 'profile_weight_range' },
    ]);
    expect(parseMeasure('')).toBeNull();
    expect(profileWordsProblems({ tribes: ['bear', 'cub', 'otter'], height_cm: 120, weight_kg: 250 })).toEqual([]);
  });
});
