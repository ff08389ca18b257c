// @vitest-environment jsdom
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { profileFixture, userFixture } from '../../../test/fixtures';
import { renderWithApp } from '../../../test/render-app';
import { conversationKey, type ChatMessage, type Conversation } from '../api/conversation';
import type { SentMessage } from '../api/send-message';
import { MessageList } from '../components/message-list';
import { useConversationLive } from './use-conversation-live';

/** The member's event stream: the test sends its events. */
class FakeStream extends EventTarget {
  static CLOSED = 2;
  static current: FakeStream | null = null;
  readyState = 1;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor() {
    super();
    FakeStream.current = this;
  }
  close() {
    this.readyState = FakeStream.CLOSED;
  }
}

const message = (id: number, text: string): ChatMessage => ({
  id,
  conversation: 5,
  seq: id,
  sender: 9,
  mine: false,
  kind: 'text',
  text,
  gift: null,
  photo: null,
  created_at: '2026-01-01T10:00:00Z',
  held: false,
});

const conversation = {
  conversation: 5,
  profile: profileFixture({ id: 9, name: 'Jan' }),
  messages: [message(1, 'Hoi')],
  older: null,
  read_seq: 1,
  partner_read_seq: 0,
  allowance: { message_credits: 2, message_length: 1000, credits: 40, free_messages_left: 0 },
} as unknown as Conversation;

function Messages() {
  const live = useConversationLive({ conversation: 5 }, () => undefined);
  return (
    <ul>
      {live.messages.map((m) => (
        <li key={m.id}>{m.text}</li>
      ))}
    </ul>
  );
}

/** The conversation as the page shows it: the live hook's messages in the real list (with its placeholders). */
function Conversation() {
  const live = useConversationLive({ conversation: 5 }, () => undefined);
  return (
    <MessageList
      messages={live.messages}
      partner={{ name: 'Jan' }}
      cdnPrefix="/cdn"
      hasOlder={false}
      loadingOlder={false}
      onLoadOlder={() => undefined}
      lastReadMineId={null}
      firstUnreadId={null}
    />
  );
}

const photoMessage: ChatMessage = {
  ...message(3, ''),
  kind: 'photo',
  photo: { id: 3, filename: 'chat/p3.jpg', thumb_filename: 'chat/p3-thumb.jpg', status: 'approved', match_path: 'chat/p3.jpg' },
};

beforeEach(() => vi.stubGlobal('EventSource', FakeStream));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('a conversation kept live', () => {
  it("When the page's loader brought the conversation and a message arrives on the stream, then it joins the shown messages without a load", async () => {
    const calls: string[] = [];
    const fetch = vi.fn(async (input: Request | string | URL) => {
      const request = input instanceof Request ? input : new Request(input);
      calls.push(`${request.method} ${new URL(request.url).pathname}`);
      return new Response('{}', { status: 200, headers: { 'Content-Type': 'application/json' } });
    });
    renderWithApp(<Messages />, {
      user: userFixture(),
      fetch: fetch as unknown as typeof globalThis.fetch,
      url: '/chats/5',
      fallback: { [conversationKey({ conversation: 5 })]: conversation },
    });
    expect(screen.getByText('Hoi')).toBeTruthy();
    await act(async () => {
      FakeStream.current?.dispatchEvent(new MessageEvent('message', { data: JSON.stringify(message(2, 'Zin in koffie?')) }));
    });
    expect(screen.getByText('Zin in koffie?')).toBeTruthy();
    expect(screen.getByText('Hoi')).toBeTruthy();
    expect(calls.filter((call) => call.startsWith('GET'))).toEqual([]);
  });

  it('When moderation removes a photo message of the open conversation, then its place shows "This photo was removed" at once, without a load', async () => {
    const calls: string[] = [];
    const fetch = vi.fn(async (input: Request | string | URL) => {
      const request = input instanceof Request ? input : new Request(input);
      calls.push(`${request.method} ${new URL(request.url).pathname}`);
      return new Response('{}', { status: 200, headers: { 'Content-Type': 'application/json' } });
    });
    renderWithApp(<Conversation />, {
      user: userFixture(),
      fetch: fetch as unknown as typeof globalThis.fetch,
      url: '/chats/5',
      fallback: { [conversationKey({ conversation: 5 })]: { ...conversation, messages: [message(1, 'Hoi'), photoMessage] } },
    });
    expect(screen.getAllByRole('img', { name: 'Photo from Jan' }).length).toBeGreaterThan(0);
    const removal = (conversationId: number) =>
      new MessageEvent('message_removed', {
        data: JSON.stringify({ conversation: conversationId, message: 3, removed_at: '2026-01-01T10:05:00Z' }),
      });
    // Another conversation's removal changes nothing here.
    await act(async () => {
      FakeStream.current?.dispatchEvent(removal(6));
    });
    expect(screen.queryByTestId('chat-removed')).toBeNull();
    await act(async () => {
      FakeStream.current?.dispatchEvent(removal(5));
    });
    expect(screen.getByTestId('chat-removed').textContent).toBe('This photo was removed');
    expect(screen.queryAllByRole('img', { name: 'Photo from Jan' })).toEqual([]);
    expect(screen.getByText('Hoi')).toBeTruthy();
    expect(calls.filter((call) => call.startsWith('GET'))).toEqual([]);
  });

  it("When a message is sent, then the header's balance and the free messages the match pop-up names follow the send's answer at once", async () => {
    const sent = {
      message: { ...message(2, 'Hallo'), mine: true, sender: 1 },
      allowance: { message_credits: 10, message_length: 1000, credits: 0, free_messages_left: 2 },
    } as unknown as SentMessage;
    /** The composer's part: the send's answer handed to the conversation. */
    function Sender() {
      const live = useConversationLive({ conversation: 5 }, () => undefined);
      return (
        <button type="button" onClick={() => void live.delivered(sent)}>
          sent
        </button>
      );
    }
    const { store } = renderWithApp(<Sender />, {
      user: userFixture({ paid_user: false, credits: 0, free_messages_left: 3 }),
      url: '/chats/5',
      fallback: { [conversationKey({ conversation: 5 })]: conversation },
    });
    await act(async () => {
      screen.getByRole('button', { name: 'sent' }).click();
    });
    expect(store.getState().session.user).toMatchObject({ credits: 0, free_messages_left: 2 });
  });
});
