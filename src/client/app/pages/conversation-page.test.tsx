import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../../shared/api/create-client';
import { FETCHER_FIELD } from '../../components/router-fetcher';
import type { PageActionArgs } from '../route-handle';
import { conversationAction } from './conversation-page';

const KEY = '0b4f6c2e-8d1a-4c3b-9e5f-7a6b5c4d3e2f';
const sent = {
  message: { id: 70, conversation: 5, seq: 70, mine: true, text: 'Hoi', created_at: '2026-01-01T10:00:00Z' },
  allowance: { message_credits: 2, message_length: 1000, credits: 38, free_messages_left: 0 },
};

/** The conversation's action for a form posted to `url` (/members/9/chat) with `fields`; the backend answers `status` and `body`. */
async function post(fields: Record<string, string>, status: number, body: unknown, url = 'http://localhost/members/9/chat') {
  const calls: Array<{ call: string; key: string | null }> = [];
  const fetch = (async (input: Request | string | URL) => {
    const request = input instanceof Request ? input : new Request(input);
    calls.push({
      call: `${request.method} ${new URL(request.url).pathname} ${await request.text()}`,
      key: request.headers.get('Idempotency-Key'),
    });
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  }) as unknown as typeof globalThis.fetch;
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  const request = new Request(url, { method: 'POST', body: form });
  const context = { api: createApiClient({ baseUrl: 'http://localhost/api', fetch }) };
  return { result: await conversationAction({ params: { id: '9' }, request, context } as unknown as PageActionArgs), calls };
}

describe('the conversation action', () => {
  it("When the browser posts the composer (no JavaScript), then the message is sent with the form's key and the answer is a 303 to the conversation", async () => {
    const { result, calls } = await post({ profile_id: '9', text: ' Hoi ', idempotency_key: KEY }, 200, sent);
    expect(calls).toEqual([{ call: 'POST /api/message.php {"profile_id":9,"text":"Hoi"}', key: KEY }]);
    expect(result instanceof Response && [result.status, result.headers.get('Location')]).toEqual([303, '/chats/5#chat-latest']);
  });

  it("When the composer's fetcher sends it, then the answer is the sent message in place; a refusal keeps the text and the key", async () => {
    const fetched = await post({ profile_id: '9', text: 'Hoi', idempotency_key: KEY, [FETCHER_FIELD]: '1' }, 200, sent);
    expect(fetched.result).toEqual({ inPlace: true, result: sent });
    const short = { error: { code: 'insufficient_credits', message: 'Te weinig credits.' } };
    const refused = await post({ profile_id: '9', text: 'Hoi', idempotency_key: KEY, [FETCHER_FIELD]: '1' }, 402, short);
    expect(refused.result).toEqual({ form: 'chat', status: 402, body: short, fields: { text: 'Hoi', idempotency_key: KEY } });
  });

  it('When the browser posts the composer with nothing in it, then nothing goes to the backend and the form is refused as empty', async () => {
    const { result, calls } = await post({ profile_id: '9', text: '  ', idempotency_key: KEY }, 200, sent);
    expect(calls).toEqual([]);
    expect(result).toEqual({
      form: 'chat',
      status: 422,
      body: { error: { code: 'message_empty', message: '' } },
      fields: { text: '', idempotency_key: KEY },
    });
  });

  it("When the header's album form is posted, then the member's private album is shared with the other member or taken back, and the answer is a 303 to the same conversation", async () => {
    const shared = await post({ intent: 'album-share', member_id: '9', share: '1' }, 200, { shared: true });
    expect(shared.calls).toEqual([{ call: 'POST /api/album-share.php {"id":9}', key: null }]);
    expect(shared.result instanceof Response && [shared.result.status, shared.result.headers.get('Location')]).toEqual([
      303,
      '/members/9/chat',
    ]);
    const back = await post({ intent: 'album-share', member_id: '9', share: '0' }, 200, { shared: false }, 'http://localhost/chats/5');
    expect(back.calls).toEqual([{ call: 'DELETE /api/album-share.php ', key: null }]);
    expect(back.result instanceof Response && [back.result.status, back.result.headers.get('Location')]).toEqual([303, '/chats/5']);
  });

  it('When the backend refuses the album share, then the page renders again with its message for the album form, and nothing is sent as a message', async () => {
    const full = { error: { code: 'album_share_limit', message: 'Je deelt je album al met 100 leden.', params: { limit: 100 } } };
    const { result, calls } = await post({ intent: 'album-share', member_id: '9', share: '1', text: 'Hoi' }, 422, full);
    expect(calls).toEqual([{ call: 'POST /api/album-share.php {"id":9}', key: null }]);
    expect(result).toEqual({ form: 'album-share', status: 422, body: full, fields: {} });
    // A form without a member changes nothing.
    const none = await post({ intent: 'album-share', share: '1' }, 200, {});
    expect(none.calls).toEqual([]);
    expect(none.result instanceof Response && none.result.headers.get('Location')).toBe('/members/9/chat');
  });
});
