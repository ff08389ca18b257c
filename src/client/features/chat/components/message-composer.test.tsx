// @vitest-environment jsdom
import { Blob as NodeBlob, File as NodeFile } from 'node:buffer';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import nl from '../../../../../locales/nl.json';
import type { Schemas } from '../../../../shared/api/client';
import { conversationAction } from '../../../app/pages/conversation-page';
import { IDEMPOTENCY_FIELD } from '../../../components/progressive-form';
import { renderWithApp } from '../../../test/render-app';
import type { SentMessage } from '../api/send-message';
import { MessageComposer } from './message-composer';

beforeAll(() => {
  // jsdom has no object URLs (the photo's preview).
  URL.createObjectURL = () => 'blob:preview';
  URL.revokeObjectURL = () => undefined;
});
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

  it('When messages cost credits and no free ones are left, then what the next one costs and the balance are shown once, in Dutch too', () => {
    show('nl');
    expect(screen.getAllByText(/40 credits/)).toHaveLength(1);
    expect(screen.getByTestId('chat-credits').textContent).toBe('2 credits per bericht · nog 40 credits');
    expect(screen.getByRole('button', { name: 'Cadeau sturen' })).not.toBeNull();
  });

  it('When a free member has free messages left, then before he starts the composer says how many and what a message costs after them; one fewer after a send', () => {
    /** The conversation's allowance as the backend answers each send: one free message fewer. */
    function Conversation() {
      const [freeLeft, setFreeLeft] = useState(3);
      return (
        <>
          <button type="button" onClick={() => setFreeLeft((left) => left - 1)}>
            one sent
          </button>
          <MessageComposer
            partner={{ id: 9, name: 'Jan' }}
            conversationId={5}
            allowance={{ ...ALLOWANCE, message_credits: 10, credits: 0, free_messages_left: freeLeft }}
            draftKey="/conversation.php?conversation=5"
            onDelivered={vi.fn(async () => undefined)}
          />
        </>
      );
    }
    renderWithApp(<Conversation />);
    const line = () => screen.getByTestId('chat-free-left');
    expect(line().textContent).toBe('3 free messages left, then 10 credits a message');
    // The field's description carries it, so a screen reader hears it before he writes.
    expect(screen.getByLabelText('Your message to Jan').getAttribute('aria-describedby')).toBe(line().parentElement?.id);
    fireEvent.click(screen.getByRole('button', { name: 'one sent' }));
    expect(line().textContent).toBe('2 free messages left, then 10 credits a message');
    fireEvent.click(screen.getByRole('button', { name: 'one sent' }));
    expect(line().textContent).toBe('1 free message left, then 10 credits a message');
    fireEvent.click(screen.getByRole('button', { name: 'one sent' }));
    expect(screen.queryByTestId('chat-free-left')).toBeNull();
    expect(screen.getByTestId('chat-credits').textContent).toBe('10 credits per message · 0 credits left');
  });
});

/** What the backend answers a message, gift or photo sent in conversation 5. */
function sentOf(id: number, text: string): SentMessage {
  return {
    message: { id, conversation: 5, seq: id, mine: true, text, created_at: '2026-01-01T10:00:00Z' } as SentMessage['message'],
    allowance: { ...ALLOWANCE, credits: 38 },
  };
}

/**
 * The conversation's backend (the typing signal aside): every send (message, gift, photo) is recorded with its Idempotency-Key and what it
 * carried, and answered by `answers` in turn (the last one again once they run out); the gifts' catalogue is a rose.
 */
function chatBackend(answers: Array<[number, unknown]>) {
  const sends: Array<{ call: string; key: string | null; body: string }> = [];
  const fetch = async (input: Request | string | URL) => {
    const request = input instanceof Request ? input : new Request(input);
    const call = `${request.method} ${new URL(request.url).pathname}`;
    if (call === 'GET /api/gifts.php') {
      return new Response(JSON.stringify({ gifts: [{ key: 'rose', image: '/rose.png', credits: 3 }] }), {
        headers: { 'Content-Type': 'application/json' },
      });
    }
    if (call === 'POST /api/typing.php') return new Response(null, { status: 204 });
    const form = call === 'POST /api/photo-message.php' ? await request.formData() : null;
    const body = form
      ? [...form.entries()].map(([name, value]) => `${name}=${typeof value === 'string' ? value : `file ${value.name}`}`).join('&')
      : await request.text();
    sends.push({ call, key: request.headers.get('Idempotency-Key'), body });
    const [status, answer] = answers[Math.min(sends.length, answers.length) - 1] ?? [500, {}];
    return new Response(JSON.stringify(answer), { status, headers: { 'Content-Type': 'application/json' } });
  };
  return { sends, fetch: fetch as unknown as typeof globalThis.fetch };
}

/** The composer on its conversation's page, /chats/5, whose route action sends. */
function showInConversation(api: ReturnType<typeof chatBackend>) {
  const onDelivered = vi.fn(async (_sent: SentMessage) => undefined);
  const view = renderWithApp(
    <MessageComposer
      partner={{ id: 9, name: 'Jan' }}
      conversationId={5}
      allowance={ALLOWANCE}
      draftKey="/conversation.php?conversation=5"
      onDelivered={onDelivered}
    />,
    { fetch: api.fetch, url: '/chats/5', path: '/chats/:id', action: conversationAction },
  );
  const formKey = () => (document.querySelector(`input[name="${IDEMPOTENCY_FIELD}"]`) as HTMLInputElement).value;
  return { ...view, onDelivered, formKey };
}

describe('MessageComposer with JavaScript (the conversation action through the composer fetcher)', () => {
  it("When the member presses Enter, then the conversation's action sends the text with the form's key, the conversation takes the message in place and the field empties", async () => {
    const api = chatBackend([[200, sentOf(70, 'Hoi Jan')]]);
    const page = showInConversation(api);
    const key = page.formKey();
    fireEvent.change(screen.getByLabelText('Your message to Jan'), { target: { value: ' Hoi Jan ' } });
    fireEvent.keyDown(screen.getByLabelText('Your message to Jan'), { key: 'Enter' });
    await waitFor(() => expect(page.onDelivered).toHaveBeenCalledWith(sentOf(70, 'Hoi Jan')));
    expect(api.sends).toEqual([{ call: 'POST /api/message.php', key, body: JSON.stringify({ profile_id: 9, text: 'Hoi Jan' }) }]);
    expect((screen.getByLabelText('Your message to Jan') as HTMLTextAreaElement).value).toBe('');
    // The next message is a new attempt.
    expect(page.formKey()).not.toBe(key);
    expect(page.router.state.location.pathname).toBe('/chats/5');
  });

  it('When the balance is short, then the credit alert shows, the text stays and the retry after buying repeats the same attempt (its key)', async () => {
    const short = { error: { code: 'insufficient_credits', message: 'Not enough credits' } };
    const api = chatBackend([
      [402, short],
      [200, sentOf(71, 'Dit kost credits')],
    ]);
    const page = showInConversation(api);
    const key = page.formKey();
    fireEvent.change(screen.getByLabelText('Your message to Jan'), { target: { value: 'Dit kost credits' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect((await screen.findByTestId('credit-alert')).textContent).toContain("You don't have enough credits");
    expect((screen.getByLabelText('Your message to Jan') as HTMLTextAreaElement).value).toBe('Dit kost credits');
    expect(page.onDelivered).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send' }).hasAttribute('disabled')).toBe(false));
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(page.onDelivered).toHaveBeenCalledTimes(1));
    expect(api.sends.map((s) => s.key)).toEqual([key, key]);
  });

  it('When the member gives a gift from the picker, then the action sends the gift and the conversation takes it', async () => {
    const api = chatBackend([[200, sentOf(72, '')]]);
    const page = showInConversation(api);
    fireEvent.click(screen.getByRole('button', { name: 'Send a gift' }));
    fireEvent.click(await screen.findByTestId('gift-rose'));
    await waitFor(() => expect(page.onDelivered).toHaveBeenCalledWith(sentOf(72, '')));
    expect(api.sends.map((s) => [s.call, s.body])).toEqual([['POST /api/gift.php', JSON.stringify({ profile_id: 9, gift: 'rose' })]]);
    expect(screen.queryByTestId('gift-rose')).toBeNull();
  });

  it('When the member sends a photo from the preview, then the action sends it with its caption as a photo message', async () => {
    // A multipart request reads back with the fetch implementation's own File and FormData (Node's), which jsdom's
    // globals are not: the page uses Node's here, as a browser has one kind of each.
    const parsed = await new Request('http://localhost/', { method: 'POST', body: new URLSearchParams() }).formData();
    vi.stubGlobal('FormData', parsed.constructor);
    vi.stubGlobal('File', NodeFile);
    vi.stubGlobal('Blob', NodeBlob);
    try {
      const api = chatBackend([[200, sentOf(73, 'Zon')]]);
      const page = showInConversation(api);
      const photo = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'sun.jpg', { type: 'image/jpeg' });
      fireEvent.change(screen.getByTestId('chat-photo-input'), { target: { files: [photo] } });
      fireEvent.change(await screen.findByLabelText('Caption (optional)'), { target: { value: 'Zon' } });
      fireEvent.click(screen.getByTestId('chat-photo-send'));
      await waitFor(() => expect(page.onDelivered).toHaveBeenCalledWith(sentOf(73, 'Zon')));
      expect(api.sends.map((s) => [s.call, s.body])).toEqual([['POST /api/photo-message.php', 'profile_id=9&text=Zon&photo=file sun.jpg']]);
      await waitFor(() => expect(screen.queryByTestId('chat-photo-preview')).toBeNull());
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
