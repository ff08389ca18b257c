import { describe, expect, it } from 'vitest';
import { pageTakesForm } from './page-forms';

describe('pages that take a form POST', () => {
  it('When a page route has an action, with parameters or not, then it takes a form; other pages and unknown paths do not', async () => {
    for (const path of [
      '/login',
      '/logout',
      '/members/42',
      '/likes/m/42',
      '/chats/5',
      '/members/42/chat',
      '/settings',
      '/notifications',
      '/reset-password',
    ])
      expect([path, await pageTakesForm(path)]).toEqual([path, true]);
    for (const path of ['/members', '/pricing', '/members/42/landing', '/no/such/page'])
      expect([path, await pageTakesForm(path)]).toEqual([path, false]);
  });
});
