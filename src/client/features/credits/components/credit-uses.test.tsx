// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import de from '../../../../../locales/de.json';
import { CreditsPage } from '../../../app/pages/credits-page';
import { settingsFixture, userFixture } from '../../../test/fixtures';
import { renderWithApp } from '../../../test/render-app';
import { CreditUses } from './credit-uses';

afterEach(cleanup);

const costs = { message_credits: 10, photo_credits: 5, gift_credits: 20 };
const uses = () => ['message', 'photo', 'gift'].map((k) => screen.getByTestId(`credit-use-${k}`).textContent);

describe('what a credit buys', () => {
  it("When the credits page shows, then it says what a message, a photo message and a gift cost, from the site's settings", () => {
    renderWithApp(<CreditUses settings={costs} user={null} />);
    expect(screen.getByRole('heading', { name: 'What your credits buy' })).toBeTruthy();
    expect(uses()).toEqual(['A message: 10 credits', 'A photo message: 5 credits', 'A gift: 20 credits']);
    cleanup();
    renderWithApp(<CreditUses settings={{ message_credits: 1, photo_credits: 3, gift_credits: 40 }} user={null} />);
    expect(uses()).toEqual(['A message: 1 credit', 'A photo message: 3 credits', 'A gift: 40 credits']);
  });

  it('When a free member with free messages reads it, then it also says how many are left and what a message costs after them; a premium member reads his next price and balance', () => {
    renderWithApp(<CreditUses settings={costs} user={userFixture({ paid_user: false, credits: 0, free_messages_left: 3 })} />);
    expect(screen.getByTestId('credit-uses-free-left').textContent).toBe('3 free messages left, then 10 credits a message');
    cleanup();
    renderWithApp(<CreditUses settings={costs} user={userFixture({ paid_user: true, credits: 75, free_messages_left: 0 })} />);
    expect(screen.getByTestId('credit-uses-next').textContent).toBe('Your next message costs 10 credits · you have 75 credits');
  });

  it('When a German member reads it, then it is German', () => {
    renderWithApp(<CreditUses settings={costs} user={null} />, { locale: 'de', messages: de });
    expect(uses()).toEqual(['Eine Nachricht: 10 Credits', 'Eine Fotonachricht: 5 Credits', 'Ein Geschenk: 20 Credits']);
  });
});

describe('the premium page', () => {
  it('When a free member opens Get Premium, then it says what his first bundle gives — photos unblurred, 25 photos, the repeat order, paying per message — with no subscription and refunds within refund_days, and never "without limits"', () => {
    renderWithApp(<CreditsPage variant="premium" />, {
      user: userFixture({ paid_user: false, credits: 0, free_messages_left: 3 }),
      url: '/premium',
      settings: { ...settingsFixture, ...costs, member_resell: true, refund_days: 14 },
    });
    expect(screen.getByTestId('premium-intro').textContent).toBe('Premium is what your first credit bundle gives you:');
    const benefits = [...screen.getByTestId('premium-benefits').querySelectorAll('li')].map((li) => li.textContent);
    expect(benefits).toEqual([
      "See every member's photos unblurred and upload up to 25 photos",
      'Buy again in one step: repeat your last order',
      'Pay per message with your credits: 10 credits a message',
      'A 46% higher chance of a match',
      'No subscription; unused credits are refundable within 14 days',
    ]);
    expect(document.body.textContent).not.toMatch(/without limits/i);
    expect(uses()).toEqual(['A message: 10 credits', 'A photo message: 5 credits', 'A gift: 20 credits']);
  });

  it('When the site does not offer the repeat order (member_resell off), then the premium page does not promise it', () => {
    renderWithApp(<CreditsPage variant="premium" />, {
      user: userFixture({ paid_user: false }),
      url: '/premium',
      settings: { ...settingsFixture, member_resell: false },
    });
    expect(screen.getByTestId('premium-benefits').textContent).not.toContain('repeat your last order');
  });
});
