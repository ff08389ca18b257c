import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../../shared/api/create-client';
import { FETCHER_FIELD } from '../../components/router-fetcher';
import type { PageActionArgs } from '../route-handle';
import { matchFinderAction, swipeAction } from './likes-pages';

/** Runs `action` for a form posted to `path` with `fields`; the backend answers every call with `status` and `body`. */
async function post(
  action: (args: PageActionArgs) => Promise<unknown>,
  path: string,
  fields: Record<string, string>,
  status: number,
  body: unknown,
) {
  const calls: string[] = [];
  const fetch = (async (input: Request | string | URL) => {
    const request = input instanceof Request ? input : new Request(input);
    calls.push(`${request.method} ${new URL(request.url).pathname} ${await request.text()}`.trim());
    return new Response(status === 204 ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  }) as unknown as typeof globalThis.fetch;
  const api = createApiClient({ baseUrl: 'http://localhost/api', fetch });
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  const request = new Request(`http://localhost${path}`, { method: 'POST', body: form });
  const result = await action({ params: {}, request, context: { api } } as unknown as PageActionArgs);
  return { result, calls };
}

const see = (result: unknown) => result instanceof Response && [result.status, result.headers.get('Location')];

describe('the swipe game action', () => {
  it('When the browser posts a card button (no JavaScript), then the card is swiped and the answer is a 303 back to the game', async () => {
    const { result, calls } = await post(swipeAction, '/swipe-game', { intent: 'like', profile_id: '5' }, 200, {
      match: false,
      likes_left: 2,
      resets_in_seconds: 60,
    });
    expect(calls).toEqual(['POST /api/swipe.php {"profile_id":5,"like":true}']);
    expect(see(result)).toEqual([303, '/swipe-game']);
  });

  it("When the deck's fetcher sends it, then the answer is the swipe's result in place: null for a card gone, the card back for an undo", async () => {
    const swiped = { match: true, likes_left: 2, resets_in_seconds: 60 };
    const like = await post(swipeAction, '/swipe-game', { intent: 'like', profile_id: '5', [FETCHER_FIELD]: '1' }, 200, swiped);
    expect(like.result).toEqual({ inPlace: true, result: swiped });
    const gone = await post(swipeAction, '/swipe-game', { intent: 'pass', profile_id: '5', [FETCHER_FIELD]: '1' }, 404, {
      error: { code: 'not_found', message: 'Gone' },
    });
    expect(gone.result).toEqual({ inPlace: true, result: null });
    const undo = await post(swipeAction, '/swipe-game', { intent: 'undo', [FETCHER_FIELD]: '1' }, 200, { profile: null });
    expect(undo.calls).toEqual(['DELETE /api/swipe.php']);
    expect(undo.result).toEqual({ inPlace: true, result: { profile: null } });
  });
});

describe('the match finder action', () => {
  const saved = { gender: 'female', min_age: 20, max_age: 30, country: 'NL', region_id: 4, saved: true };
  const answers = { gender: 'female', min_age: '20', max_age: '30', country: 'NL', region_id: '4', region_country: 'NL' };

  it('When the browser posts every answer at once (no JavaScript), then they are saved, the region kept with its country, and the answer is a 303 back to the finder', async () => {
    const { result, calls } = await post(matchFinderAction, '/match-finder', answers, 200, saved);
    expect(calls).toEqual(['PUT /api/match-preferences.php {"gender":"female","min_age":20,"max_age":30,"country":"NL","region_id":4}']);
    expect(see(result)).toEqual([303, '/match-finder']);
    const anywhere = await post(matchFinderAction, '/match-finder', { ...answers, gender: '', country: '' }, 200, saved);
    expect(anywhere.calls).toEqual([
      'PUT /api/match-preferences.php {"gender":null,"min_age":20,"max_age":30,"country":null,"region_id":null}',
    ]);
  });

  it("When the finder's fetcher sends them, then the answer is the saved preferences in place; a refusal keeps the answers as sent", async () => {
    const fetched = await post(matchFinderAction, '/match-finder', { ...answers, [FETCHER_FIELD]: '1' }, 200, saved);
    expect(fetched.result).toEqual({ inPlace: true, result: saved });
    const refusal = { error: { code: 'invalid_request', message: 'Nee.' } };
    const refused = await post(matchFinderAction, '/match-finder', { ...answers, min_age: '40' }, 400, refusal);
    expect(refused.result).toEqual({
      form: 'match-finder',
      status: 400,
      body: refusal,
      fields: { gender: 'female', min_age: '40', max_age: '30', country: 'NL' },
    });
  });
});
