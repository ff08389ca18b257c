// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import nl from '../../../../../locales/nl.json';
import { renderWithApp } from '../../../test/render-app';
import type { ChatMessage } from '../api/conversation';
import { counterShown, firstUnreadId } from '../conversation-marks';
import { MessageList } from './message-list';

afterEach(cleanup);

// Local times, so the calendar days hold in any time zone the tests run in.
const NOW = new Date(2026, 10, 23, 15, 0);
const at = (day: number, hour: number) => new Date(2026, 10, day, hour, 0).toISOString();

let nextId = 1;
const message = (created_at: string, mine: boolean, text: string): ChatMessage => {
  const id = nextId++;
  return {
    id,
    conversation: 5,
    seq: id * 10,
    sender: mine ? 1 : 2,
    mine,
    kind: 'text',
    text,
    gift: null,
    photo: null,
    created_at,
    held: false,
  };
};

const MESSAGES = [
  message(at(10, 9), false, 'Hello from two weeks ago'),
  message(at(10, 10), true, 'Hi back'),
  message(at(22, 20), false, 'Yesterday evening'),
  message(at(23, 8), true, 'Good morning'),
  message(at(23, 9), false, 'First new one'),
  message(at(23, 10), false, 'Second new one'),
];

function show(options: { locale?: 'en' | 'nl'; firstUnread?: number | null } = {}) {
  return renderWithApp(
    <MessageList
      messages={MESSAGES}
      partner={{ name: 'Jan' }}
      cdnPrefix="/cdn"
      hasOlder={false}
      loadingOlder={false}
      onLoadOlder={() => undefined}
      lastReadMineId={null}
      firstUnreadId={options.firstUnread ?? null}
      now={NOW}
    />,
    options.locale === 'nl' ? { locale: 'nl', messages: nl } : {},
  );
}

describe('MessageList', () => {
  it('When messages span several days, then a separator names each day once: the date, "Yesterday" and "Today"', () => {
    show();
    const days = screen.getAllByTestId('chat-day').map((el) => el.textContent);
    expect(days).toEqual(['Tuesday, November 10', 'Yesterday', 'Today']);
    // Each separator stands above the first message of its day.
    const items = screen.getAllByTestId('chat-message');
    expect(within(items[2] as HTMLElement).getByTestId('chat-day').textContent).toBe('Yesterday');
    expect(within(items[1] as HTMLElement).queryByTestId('chat-day')).toBeNull();
  });

  it('When the member reads in Dutch, then the days are named in Dutch through Intl', () => {
    show({ locale: 'nl' });
    expect(screen.getAllByTestId('chat-day').map((el) => el.textContent)).toEqual(['dinsdag 10 november', 'Gisteren', 'Vandaag']);
  });

  it('When the conversation opened with unread messages, then "New messages" stands once, above the first unread one', () => {
    // The member had read up to his own "Good morning": the two messages after it are new.
    const readSeq = (MESSAGES[3] as ChatMessage).seq;
    const first = firstUnreadId(MESSAGES, readSeq);
    expect(first).toBe((MESSAGES[4] as ChatMessage).id);
    show({ firstUnread: first });
    const markers = screen.getAllByTestId('chat-new-marker');
    expect(markers).toHaveLength(1);
    expect(markers[0]?.textContent).toBe('New messages');
    expect(markers[0]?.closest('li')?.textContent).toContain('First new one');
  });

  it('When everything was read, or only own messages came after the marker, then there is no "New messages" line', () => {
    expect(firstUnreadId(MESSAGES, (MESSAGES[5] as ChatMessage).seq)).toBeNull();
    expect(firstUnreadId(MESSAGES.slice(0, 4), (MESSAGES[2] as ChatMessage).seq)).toBeNull();
    expect(firstUnreadId(MESSAGES, null)).toBeNull();
    show();
    expect(screen.queryByTestId('chat-new-marker')).toBeNull();
  });
});

describe('the character counter threshold', () => {
  it('When a text is shorter than four fifths of the limit, then no counter; from there and past the limit, the counter', () => {
    expect(counterShown(0, 1000)).toBe(false);
    expect(counterShown(799, 1000)).toBe(false);
    expect(counterShown(800, 1000)).toBe(true);
    expect(counterShown(1001, 1000)).toBe(true);
    expect(counterShown(7, 8)).toBe(true);
    expect(counterShown(6, 8)).toBe(false);
  });
});

describe('MessageList with a removed message', () => {
  it('When moderation removed a message, then it shows "This message was removed" in the member\'s language instead of an empty bubble', () => {
    const removed: ChatMessage = { ...message(at(23, 11), false, ''), removed_at: at(23, 12) };
    renderWithApp(
      <MessageList
        messages={[...MESSAGES, removed]}
        partner={{ name: 'Jan' }}
        cdnPrefix="/cdn"
        hasOlder={false}
        loadingOlder={false}
        onLoadOlder={() => undefined}
        lastReadMineId={null}
        firstUnreadId={null}
        now={NOW}
      />,
      { locale: 'nl', messages: nl },
    );
    expect(screen.getAllByTestId('chat-removed').map((el) => el.textContent)).toEqual(['Dit bericht is verwijderd']);
  });

  it('When moderation removed a photo message, then its place shows "This photo was removed" in the member\'s language, and no image', () => {
    const removed: ChatMessage = { ...message(at(23, 11), false, ''), kind: 'photo', photo: null, removed_at: at(23, 12) };
    renderWithApp(
      <MessageList
        messages={[...MESSAGES, removed]}
        partner={{ name: 'Jan' }}
        cdnPrefix="/cdn"
        hasOlder={false}
        loadingOlder={false}
        onLoadOlder={() => undefined}
        lastReadMineId={null}
        firstUnreadId={null}
        now={NOW}
      />,
      { locale: 'nl', messages: nl },
    );
    const [placeholder] = screen.getAllByTestId('chat-removed');
    expect(placeholder?.textContent).toBe('Deze foto is verwijderd');
    expect(placeholder?.closest('li')?.querySelector('img')).toBeNull();
  });
});
