// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useCallback } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import nl from '../../../../../locales/nl.json';
import type { Schemas } from '../../../../shared/api/client';
import { createApiClient } from '../../../../shared/api/create-client';
import { conversationAction } from '../../../app/pages/conversation-page';
import { IDEMPOTENCY_FIELD } from '../../../components/progressive-form';
import { createAppStore } from '../../../lib/store/store';
import { renderWithApp } from '../../../test/render-app';
import { settingsFixture, userFixture } from '../../../test/fixtures';
import type { SentMessage } from '../api/send-message';
import { MessageComposer } from '../components/message-composer';
import { PendingMessages } from '../components/pending-messages';
import { isNetworkFailure, memberOutbox, watchConversation } from './outbox';
import { selectOutbox } from './outbox-slice';
import { outboxStorageKey } from './outbox-key';
import { readOutbox } from './outbox-storage';
import { useConversationOutbox } from './use-outbox';
import { ApiRequestError } from '../../../lib/api-error';

const MEMBER = 7;
const PARTNER = 9;

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
});
afterEach(cleanup);

const ALLOWANCE: Schemas['ChatAllowance'] = {
  message_credits: 2,
  message_length: 1000,
  credits: 40,
  free_messages_left: 0,
  conversations_left: null,
  first_messages_per_day: null,
  first_messages_left: null,
};

function sentOf(id: number, text: string): SentMessage {
  return {
    message: { id, conversation: 5, seq: id, mine: true, text, created_at: '2026-01-01T10:00:00Z' } as SentMessage['message'],
    allowance: { ...ALLOWANCE, credits: 38 },
  };
}

/**
 * The site as the browser reaches it: `down` makes every call fail as fetch does without a network (a TypeError);
 * else each message.php is recorded with its key and answered by `answers` in turn (the last one again).
 */
function site(answers: Array<[number, unknown]>) {
  const state = { down: false };
  const sends: Array<{ key: string | null; body: string }> = [];
  const fetch = async (input: Request | string | URL) => {
    const request = input instanceof Request ? input : new Request(input);
    if (state.down) throw new TypeError('Failed to fetch');
    if (new URL(request.url).pathname === '/api/typing.php') return new Response(null, { status: 204 });
    sends.push({ key: request.headers.get('Idempotency-Key'), body: await request.text() });
    const [status, answer] = answers[Math.min(sends.length, answers.length) - 1] ?? [500, {}];
    return new Response(JSON.stringify(answer), { status, headers: { 'Content-Type': 'application/json' } });
  };
  return { state, sends, fetch: fetch as unknown as typeof globalThis.fetch };
}

/** The composer on /chats/5 with the conversation's outbox, and the waiting bubbles, as conversation-view.tsx has them. */
function Conversation({ onDelivered }: { onDelivered: (sent: SentMessage) => Promise<void> }) {
  const delivered = useCallback((sent: SentMessage) => onDelivered(sent), [onDelivered]);
  const outbox = useConversationOutbox(PARTNER, delivered);
  return (
    <>
      <ol>
        <PendingMessages items={outbox.items} sending={outbox.sending} onCancel={outbox.cancel} onRetry={(key) => void outbox.retry(key)} />
      </ol>
      <MessageComposer
        partner={{ id: PARTNER, name: 'Jan' }}
        conversationId={5}
        allowance={ALLOWANCE}
        draftKey="/conversation.php?conversation=5"
        onDelivered={delivered}
        onOffline={outbox.queue}
      />
    </>
  );
}

function showConversation(api: ReturnType<typeof site>, locale: 'en' | 'nl' = 'en') {
  const onDelivered = vi.fn(async (_sent: SentMessage) => undefined);
  const view = renderWithApp(<Conversation onDelivered={onDelivered} />, {
    fetch: api.fetch,
    url: '/chats/5',
    path: '/chats/:id',
    action: conversationAction,
    user: userFixture({ id: MEMBER }),
    ...(locale === 'nl' ? { locale: 'nl' as const, messages: nl } : {}),
  });
  const formKey = () => (document.querySelector(`input[name="${IDEMPOTENCY_FIELD}"]`) as HTMLInputElement).value;
  const write = (text: string) => {
    fireEvent.change(screen.getByLabelText(/Jan/), { target: { value: text } });
    fireEvent.click(screen.getAllByRole('button', { name: /^(Send|Versturen)$/ })[0]!);
  };
  return { ...view, onDelivered, formKey, write };
}

const goOnline = () => act(() => void window.dispatchEvent(new Event('online')));

describe('the chat outbox', () => {
  it('When only the network fails (not an answer of the backend), then a send counts as waiting for the network', () => {
    expect(isNetworkFailure(new TypeError('Failed to fetch'))).toBe(true);
    expect(isNetworkFailure(new ApiRequestError(502, null))).toBe(true);
    expect(isNetworkFailure(new ApiRequestError(402, { error: { code: 'insufficient_credits', message: 'x' } }))).toBe(false);
    expect(isNetworkFailure(new ApiRequestError(502, { error: { code: 'backend_unavailable', message: 'x' } }))).toBe(false);
    expect(isNetworkFailure(new ApiRequestError(422, { error: { code: 'text_invisible', message: 'x' } }))).toBe(false);
  });

  it('When a message is sent without a network, then it waits in the outbox with its key; back online it is sent once with that key and joins the conversation', async () => {
    const api = site([[200, sentOf(80, 'Tunnel')]]);
    api.state.down = true;
    const page = showConversation(api);
    const key = page.formKey();
    page.write('Tunnel');
    const bubble = await screen.findByTestId('chat-pending');
    expect(bubble.textContent).toContain('Tunnel');
    expect(screen.getByTestId('chat-pending-state').textContent).toBe('Waiting for network');
    expect(screen.queryByRole('alert')).toBeNull();
    // Not lost: kept for the member in the browser's storage, and the field is free for the next message.
    expect(readOutbox(window.localStorage, MEMBER)).toMatchObject([{ key, partner: PARTNER, text: 'Tunnel' }]);
    expect((screen.getByLabelText(/Jan/) as HTMLTextAreaElement).value).toBe('');
    expect(page.formKey()).not.toBe(key);

    api.state.down = false;
    goOnline();
    await waitFor(() => expect(page.onDelivered).toHaveBeenCalledWith(sentOf(80, 'Tunnel')));
    expect(api.sends).toEqual([{ key, body: JSON.stringify({ profile_id: PARTNER, text: 'Tunnel' }) }]);
    await waitFor(() => expect(screen.queryByTestId('chat-pending')).toBeNull());
    expect(window.localStorage.getItem(outboxStorageKey(MEMBER))).toBeNull();
    // Another online event sends nothing again.
    goOnline();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(api.sends).toHaveLength(1);
    expect(page.onDelivered).toHaveBeenCalledTimes(1);
  });

  it('When the backend refuses the message (no credits), then nothing is queued and the credit alert shows as before', async () => {
    const api = site([[402, { error: { code: 'insufficient_credits', message: 'Not enough credits' } }]]);
    const page = showConversation(api);
    page.write('Dit kost credits');
    expect((await screen.findByTestId('credit-alert')).textContent).toContain("You don't have enough credits");
    expect(screen.queryByTestId('chat-pending')).toBeNull();
    expect(readOutbox(window.localStorage, MEMBER)).toEqual([]);
  });

  it('When the member cancels a waiting message, then it leaves the outbox and is never sent', async () => {
    const api = site([[200, sentOf(81, 'Toch niet')]]);
    api.state.down = true;
    const page = showConversation(api, 'nl');
    page.write('Toch niet');
    await screen.findByText('Wacht op netwerk');
    fireEvent.click(screen.getByRole('button', { name: 'Annuleren' }));
    expect(screen.queryByTestId('chat-pending')).toBeNull();
    expect(readOutbox(window.localStorage, MEMBER)).toEqual([]);
    api.state.down = false;
    goOnline();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(api.sends).toEqual([]);
    expect(page.onDelivered).not.toHaveBeenCalled();
  });

  it('When a page loads with a message in the outbox, then it is sent; a refusal shows in the bubble with Try again, which repeats the same key', async () => {
    const short = { error: { code: 'insufficient_credits', message: 'Not enough credits' } };
    const api = site([
      [402, short],
      [200, sentOf(82, 'Na het tanken')],
    ]);
    const key = '0f8e5a1c-3b2d-4e6f-8a9b-1c2d3e4f5a6b';
    window.localStorage.setItem(
      outboxStorageKey(MEMBER),
      JSON.stringify([{ key, partner: PARTNER, text: 'Na het tanken', queuedAt: new Date(Date.now() - 3_600_000).toISOString() }]),
    );
    const page = showConversation(api);
    expect((await screen.findByTestId('chat-pending-problem')).textContent).toContain("You don't have enough credits");
    expect(screen.getByRole('link', { name: 'Buy credits' })).not.toBeNull();
    expect(readOutbox(window.localStorage, MEMBER)[0]?.problem).toEqual({ kind: 'credits' });
    // A refused message waits for the member: coming online does not send it again.
    goOnline();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(api.sends).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(page.onDelivered).toHaveBeenCalledWith(sentOf(82, 'Na het tanken')));
    expect(api.sends.map((s) => s.key)).toEqual([key, key]);
    await waitFor(() => expect(screen.queryByTestId('chat-pending')).toBeNull());
  });

  it('When a page loads with a message that waited longer than 23 hours, then it is never sent and its bubble says in his language that it waited too long, with Remove and no Try again', async () => {
    const api = site([[200, sentOf(83, 'Gisteren')]]);
    const key = '1f8e5a1c-3b2d-4e6f-8a9b-1c2d3e4f5a6b';
    const queuedAt = new Date(Date.now() - 23 * 3_600_000 - 60_000).toISOString();
    window.localStorage.setItem(outboxStorageKey(MEMBER), JSON.stringify([{ key, partner: PARTNER, text: 'Gisteren', queuedAt }]));
    const page = showConversation(api, 'nl');
    const problem = await screen.findByTestId('chat-pending-problem');
    expect(problem.textContent).toBe('Niet verstuurd: het bericht wachtte te lang — schrijf het opnieuw.');
    expect(screen.getByTestId('chat-pending').textContent).toContain('Gisteren');
    expect(screen.queryByRole('button', { name: 'Opnieuw proberen' })).toBeNull();
    goOnline();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(api.sends).toEqual([]);
    expect(readOutbox(window.localStorage, MEMBER)).toMatchObject([{ key, expired: true }]);
    fireEvent.click(screen.getByRole('button', { name: 'Verwijderen' }));
    expect(screen.queryByTestId('chat-pending')).toBeNull();
    expect(window.localStorage.getItem(outboxStorageKey(MEMBER))).toBeNull();
    expect(page.onDelivered).not.toHaveBeenCalled();
  });
});

describe('memberOutbox', () => {
  function outboxOf(api: ReturnType<typeof site>) {
    const store = createAppStore({
      session: { user: userFixture({ id: MEMBER }), counts: null },
      site: { settings: settingsFixture, locale: 'en', browserLanguage: null, pageError: null },
    });
    const client = createApiClient({ baseUrl: 'http://localhost/api', fetch: api.fetch });
    return { store, outbox: memberOutbox(client, store.dispatch, MEMBER) };
  }

  it('When two flushes run at once (two online events, two parts of the page), then each message is sent once, in order, and its conversation takes it once', async () => {
    const api = site([
      [200, sentOf(90, 'een')],
      [200, sentOf(91, 'twee')],
    ]);
    const { store, outbox } = outboxOf(api);
    outbox.queue({ key: 'k-1', partner: PARTNER, text: 'een' });
    outbox.queue({ key: 'k-2', partner: PARTNER, text: 'twee' });
    const delivered = vi.fn(async (_sent: SentMessage) => undefined);
    const stop = watchConversation(PARTNER, delivered);
    await Promise.all([outbox.flush(), outbox.flush()]);
    stop();
    expect(api.sends.map((s) => s.key)).toEqual(['k-1', 'k-2']);
    expect(delivered.mock.calls.map(([sent]) => sent.message.id)).toEqual([90, 91]);
    expect(selectOutbox(store.getState()).items).toEqual([]);
  });

  it('When messages waited 22 hours, 23 hours, or were queued ahead of a clock set back since, then only the first is sent; the others are dropped and never sent', async () => {
    const api = site([[200, sentOf(93, 'twee-en-twintig')]]);
    const { store, outbox } = outboxOf(api);
    const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();
    window.localStorage.setItem(
      outboxStorageKey(MEMBER),
      JSON.stringify([
        { key: 'k-22', partner: PARTNER, text: 'twee-en-twintig', queuedAt: hoursAgo(22) },
        { key: 'k-23', partner: PARTNER, text: 'drie-en-twintig', queuedAt: hoursAgo(23) },
        { key: 'k-ahead', partner: PARTNER, text: 'vooruit', queuedAt: hoursAgo(-1) },
      ]),
    );
    await outbox.flush();
    await outbox.retry('k-23');
    expect(api.sends.map((s) => s.key)).toEqual(['k-22']);
    expect(readOutbox(window.localStorage, MEMBER).map((item) => [item.key, item.expired])).toEqual([
      ['k-23', true],
      ['k-ahead', true],
    ]);
    expect(selectOutbox(store.getState()).items.every((item) => item.expired)).toBe(true);
  });

  it('When the network is still gone, then the flush stops at the first message and keeps them all', async () => {
    const api = site([[200, sentOf(92, 'x')]]);
    api.state.down = true;
    const { store, outbox } = outboxOf(api);
    outbox.queue({ key: 'k-1', partner: PARTNER, text: 'een' });
    outbox.queue({ key: 'k-2', partner: 3, text: 'twee' });
    await outbox.flush();
    expect(readOutbox(window.localStorage, MEMBER).map((item) => [item.key, item.problem])).toEqual([
      ['k-1', undefined],
      ['k-2', undefined],
    ]);
    expect(selectOutbox(store.getState())).toMatchObject({ member: MEMBER, sending: null });
    // Another member on this browser never sees them.
    expect(readOutbox(window.localStorage, 8)).toEqual([]);
  });
});
