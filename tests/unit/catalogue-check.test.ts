import { describe, expect, it } from 'vitest';
import { checkCatalogues } from '../../scripts/lib/catalogue-check';

const reference = {
  'mail.subject': 'Welcome to {site}',
  'error.photos': 'You can keep at most {limit, plural, one {# photo} other {# photos}}.',
};
const polish = {
  'mail.subject': 'Witamy w {site}',
  'error.photos': 'Możesz mieć najwyżej {limit, plural, one {# zdjęcie} few {# zdjęcia} many {# zdjęć} other {# zdjęcia}}.',
};
const check = (pl: Record<string, string>, opts: { allowIdentical?: Set<string> } = {}) =>
  checkCatalogues({ label: 'fixture', reference, catalogues: { pl }, ignoreTag: true, sameStructure: true, ...opts });

describe('the catalogue check', () => {
  it('When every key is translated with the same arguments and all Polish plural forms, then it finds nothing', () => {
    expect(check(polish)).toEqual([]);
  });

  it('When a key is missing or unknown, then it says which', () => {
    const { 'mail.subject': _dropped, ...rest } = polish;
    expect(check({ ...rest, 'mail.extra': 'x' })).toEqual(['fixture pl: missing "mail.subject"', 'fixture pl: unknown key "mail.extra"']);
  });

  it('When a placeholder differs, or a count is no plural, then it says so', () => {
    expect(check({ ...polish, 'mail.subject': 'Witamy w {strona}' })).toEqual([
      'fixture pl: "mail.subject" uses {strona} but English uses {site}',
    ]);
    expect(check({ ...polish, 'error.photos': 'Możesz mieć najwyżej {limit} zdjęć.' })).toEqual([
      'fixture pl: "error.photos" uses {limit} but English uses {limit:plural}',
    ]);
  });

  it('When a Polish plural lacks few and many, then it says so', () => {
    expect(check({ ...polish, 'error.photos': 'Najwyżej {limit, plural, one {# zdjęcie} other {# zdjęć}}.' })).toEqual([
      'fixture pl: "error.photos" plural {limit} lacks few, many',
    ]);
  });

  it('When a text is the English one or not valid ICU, then it says so unless the key is allowed to be identical', () => {
    expect(check({ ...polish, 'mail.subject': 'Welcome to {site}' })).toEqual([
      'fixture pl: "mail.subject" is the English text ("Welcome to {site}")',
    ]);
    expect(check({ ...polish, 'mail.subject': 'Welcome to {site}' }, { allowIdentical: new Set(['mail.subject']) })).toEqual([]);
    expect(check({ ...polish, 'mail.subject': 'Witamy w {site' })[0]).toMatch(/^fixture pl:mail.subject: not valid ICU/);
  });
});
