// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it } from 'vitest';
import de from '../../../locales/de.json';
import pl from '../../../locales/pl.json';
import { freeMessagesOf, MessageCost, type MessageCostProps } from './message-cost';

afterEach(cleanup);

function show(props: MessageCostProps, locale: 'en' | 'de' | 'pl' = 'en') {
  const messages = locale === 'de' ? de : locale === 'pl' ? pl : {};
  render(
    <IntlProvider locale={locale} messages={messages} defaultLocale="en">
      <p data-testid="line">
        <MessageCost {...props} testIds={{ free: 'free', paid: 'paid' }} />
      </p>
    </IntlProvider>,
  );
  return screen.getByTestId('line').textContent;
}

describe('MessageCost', () => {
  it('When a free member has free messages left, then it says how many and what a message costs after them, from the numbers it is given', () => {
    expect(show({ freeLeft: 3, price: 10, balance: 0 })).toBe('3 free messages left, then 10 credits a message');
    cleanup();
    expect(show({ freeLeft: 1, price: 1, balance: 0 })).toBe('1 free message left, then 1 credit a message');
    cleanup();
    expect(show({ freeLeft: 2, price: 7, balance: 0 })).toBe('2 free messages left, then 7 credits a message');
    expect(screen.getByTestId('free')).toBeTruthy();
  });

  it('When no free message is left (and always for a premium member), then it says what the next message costs and the balance', () => {
    expect(show({ freeLeft: 0, price: 10, balance: 120 })).toBe('Your next message costs 10 credits · you have 120 credits');
    expect(screen.getByTestId('paid')).toBeTruthy();
    cleanup();
    expect(show({ freeLeft: 0, price: 10, balance: 1 })).toBe('Your next message costs 10 credits · you have 1 credit');
  });

  it("When it is the composer's compact line, then the paid case is the short price and balance, in his language", () => {
    expect(show({ freeLeft: 0, price: 10, balance: 120, compact: true })).toBe('10 credits per message · 120 credits left');
    cleanup();
    expect(show({ freeLeft: 0, price: 10, balance: 1, compact: true }, 'de')).toBe('10 Credits pro Nachricht · noch 1 Credit');
    cleanup();
    expect(show({ freeLeft: 2, price: 10, balance: 0, compact: true })).toBe('2 free messages left, then 10 credits a message');
  });

  it('When the backend does not say how many free messages are left, then it names only the price after them; when messages cost nothing, nothing', () => {
    expect(show({ freeLeft: undefined, price: 10, balance: 0 })).toBe('After your free messages, a message costs 10 credits');
    cleanup();
    expect(show({ freeLeft: 3, price: 0, balance: 0 })).toBe('');
  });

  it('When the member reads German or Polish, then the counts take their plural forms', () => {
    expect(show({ freeLeft: 1, price: 10, balance: 0 }, 'de')).toBe('noch 1 kostenlose Nachricht, danach 10 Credits pro Nachricht');
    cleanup();
    expect(show({ freeLeft: 2, price: 5, balance: 0 }, 'pl')).toBe('zostały 2 darmowe wiadomości, potem 5 kredytów za wiadomość');
    cleanup();
    expect(show({ freeLeft: 0, price: 2, balance: 22 }, 'pl')).toBe('Następna wiadomość kosztuje 2 kredyty · masz 22 kredyty');
  });

  it('When the user answer is read, then a premium member has no free messages and a backend without the field leaves the count unknown', () => {
    expect(freeMessagesOf({ paid_user: true, free_messages_left: 3 })).toBe(0);
    expect(freeMessagesOf({ paid_user: false, free_messages_left: 2 })).toBe(2);
    expect(freeMessagesOf({ paid_user: false })).toBeUndefined();
  });
});
