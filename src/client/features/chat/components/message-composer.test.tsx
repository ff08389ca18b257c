// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import nl from '../../../../../locales/nl.json';
import type { Schemas } from '../../../../shared/api/client';
import { renderWithApp } from '../../../test/render-app';
import { MessageComposer } from './message-composer';

beforeEach(() => window.sessionStorage.clear());
afterEach(cleanup);

const ALLOWANCE: Schemas['ChatAllowance'] = {
  message_credits: 2,
  message_length: 1000,
  credits: 40,
  free_messages_left: 0,
  conversations_left: null,
  first_messages_left: null,
  first_messages_per_day: null,
};

function show(locale: 'en' | 'nl' = 'en') {
  return renderWithApp(
    <MessageComposer
      partner={{ id: 9, name: 'Jan' }}
      conversationId={5}
      allowance={ALLOWANCE}
      draftKey="/conversation.php?conversation=5"
      onDelivered={vi.fn(async () => undefined)}
    />,
    locale === 'nl' ? { locale: 'nl', messages: nl } : {},
  );
}

describe('MessageComposer', () => {
  it('When the composer shows, then it is one row: a one-line field and icon buttons named for screen readers', () => {
    show();
    const field = screen.getByLabelText('Your message to Jan');
    expect(field.getAttribute('rows')).toBe('1');
    for (const name of ['Send a gift', 'Send a photo', 'Send']) {
      const button = screen.getByRole('button', { name });
      expect(button.textContent).toBe('');
      expect(button.querySelector('svg')).not.toBeNull();
    }
    expect(field.closest('.chat-composer-row')?.querySelectorAll('button')).toHaveLength(3);
  });

  it('When the text nears the limit, then the counter shows from four fifths of it on, and past the limit sending is refused', () => {
    show();
    const field = screen.getByLabelText('Your message to Jan');
    fireEvent.change(field, { target: { value: 'x'.repeat(799) } });
    expect(screen.queryByTestId('chat-count')).toBeNull();
    fireEvent.change(field, { target: { value: 'x'.repeat(800) } });
    expect(screen.getByTestId('chat-count').textContent).toBe('800 / 1,000 characters');
    fireEvent.change(field, { target: { value: 'x'.repeat(1001) } });
    expect(screen.getByTestId('chat-count').className).toContain('chat-warning');
    expect(screen.getByRole('button', { name: 'Send' })).toHaveProperty('disabled', true);
  });

  it('When messages cost credits, then the price and the balance are shown once, in Dutch too', () => {
    show('nl');
    expect(screen.getAllByText(/40 credits/)).toHaveLength(1);
    expect(screen.getByTestId('chat-credits').textContent).toBe('2 credits per bericht · nog 40 credits');
    expect(screen.getByRole('button', { name: 'Cadeau sturen' })).not.toBeNull();
  });
});
