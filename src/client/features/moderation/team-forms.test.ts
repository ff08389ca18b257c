import { describe, expect, it } from 'vitest';
import { memberOf, teamOutcomeOf, teamPageWith } from './team-forms';

describe('the team page’s forms', () => {
  it('When the admin types digits, then they are the member’s id; anything else is his address; blank is nothing', () => {
    expect(memberOf(' 123 ')).toEqual({ member: 123 });
    expect(memberOf('Mats@Example.test ')).toEqual({ email: 'Mats@Example.test' });
    expect(memberOf('12a')).toEqual({ email: '12a' });
    // More digits than an id has: not an id (the backend answers 404 for the address).
    expect(memberOf('1234567890')).toEqual({ email: '1234567890' });
    expect(memberOf('   ')).toBeNull();
  });

  it('When a form is answered, then the page’s address says what happened and the page reads it back', () => {
    const path = teamPageWith({ kind: 'granted', name: 'Moderator Mats & co' });
    expect(path).toBe('/moderation/team?granted=Moderator+Mats+%26+co');
    expect(teamOutcomeOf(new URL(path, 'https://site.test').searchParams)).toEqual({ kind: 'granted', name: 'Moderator Mats & co' });
    expect(teamOutcomeOf(new URLSearchParams('withdrawn=' + 'x'.repeat(300)))?.name).toHaveLength(100);
    expect(teamOutcomeOf(new URLSearchParams('other=1'))).toBeNull();
  });
});
