// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import nl from '../../../../../locales/nl.json';
import {
  appealModerationAction,
  appealModerationLoader,
  reportModerationAction,
  reportModerationLoader,
} from '../../../app/pages/moderation-page';
import { createApiClient } from '../../../../shared/api/create-client';
import type { PageActionArgs, PageContext } from '../../../app/route-handle';
import { userFixture } from '../../../test/fixtures';
import { renderWithApp } from '../../../test/render-app';
import { APPEAL_QUEUE_KEY, REPORT_QUEUE_KEY, type AppealQueue, type ReportCase, type ReportQueue } from '../api/moderation';
import { AppealQueueView } from './appeal-queue';
import { ReportQueueView } from './report-queue';

afterEach(cleanup);

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/**
 * A backend that records the calls (with their Idempotency-Key) and answers each with `answer`; a GET of a queue
 * answers the first queue the first time (the page's loader) and `after` from then on.
 */
function backend(answer: (method: string, path: string) => Response | Promise<Response>) {
  const calls: { method: string; path: string; body: string; key: string | null }[] = [];
  const fetch = vi.fn(async (input: Request | string | URL) => {
    const request = input instanceof Request ? input : new Request(input);
    const url = new URL(request.url);
    calls.push({
      method: request.method,
      path: url.pathname,
      body: request.method === 'GET' ? '' : await request.clone().text(),
      key: request.headers.get('Idempotency-Key'),
    });
    return answer(request.method, url.pathname);
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
}

/** The queue's answers to GET: `first` for the page's loader, `after` once a form was posted. */
const queues = (first: unknown, after: unknown) => {
  let reads = 0;
  return () => json(200, reads++ === 0 ? first : after);
};

/** The reports page as the app routes it: its loader and its action (the forms run through the data router). */
const renderReports = (
  fetch: typeof globalThis.fetch,
  queue: ReportQueue,
  options: { locale?: 'nl'; messages?: Record<string, string> } = {},
) =>
  renderWithApp(<ReportQueueView />, {
    user: moderator,
    fallback: { [REPORT_QUEUE_KEY]: queue },
    fetch,
    url: '/moderation/reports',
    path: '/moderation/reports',
    action: reportModerationAction,
    loader: reportModerationLoader,
    ...options,
  });

const renderAppeals = (fetch: typeof globalThis.fetch, queue: AppealQueue) =>
  renderWithApp(<AppealQueueView />, {
    user: moderator,
    fallback: { [APPEAL_QUEUE_KEY]: queue },
    fetch,
    url: '/moderation/appeals',
    path: '/moderation/appeals',
    action: appealModerationAction,
    loader: appealModerationLoader,
  });

const image = (id: number, status: 'approved' | 'pending') => ({
  id,
  filename: `p${id}.jpg`,
  thumb_filename: `p${id}-thumb.jpg`,
  status,
  match_path: `p${id}.jpg`,
});

const QUEUE: ReportQueue = {
  cases: [
    {
      weight: 1.25,
      hidden_before_review: true,
      own_case: false,
      own_report: false,
      conflict_of_interest: false,
      member: {
        id: 42,
        name: 'Rude Rob',
        about: 'Send me money',
        signup_date: '2026-11-01T10:00:00Z',
        account_age_days: 22,
        photos: [image(1, 'approved'), image(2, 'pending')],
        suspended_until: null,
        restricted_until: null,
      },
      reports: [
        {
          id: 100,
          target: { kind: 'profile', id: 42 },
          reason: 'fake_scam_spam',
          details: 'Asks everyone for money',
          created_at: '2026-11-20T10:00:00Z',
          counted: true,
          reporter: { id: 7, filed: 3, upheld: 2, weight: 1.25 },
          messages: [],
        },
        {
          id: 101,
          target: { kind: 'message', id: 555 },
          reason: 'harassment_hate',
          details: '',
          created_at: '2026-11-21T10:00:00Z',
          counted: false,
          reporter: { id: 8, filed: 1, upheld: 0, weight: 0.2 },
          messages: [
            { id: 554, from_member: false, text: 'Hi there', sent_at: '2026-11-21T09:00:00Z', reported: false },
            { id: 555, from_member: true, text: 'You are worthless', sent_at: '2026-11-21T09:01:00Z', reported: true },
          ],
        },
      ],
      earlier_decisions: [{ id: 9, action: 'warn', rule: 'harassment_hate', created_at: '2026-10-01T10:00:00Z', reversed: true }],
    },
  ],
  notices: [],
};

const moderator = userFixture({ role: 'moderator' });

describe('ReportQueueView', () => {
  const notice = (id: number, target: { kind: 'profile' | 'photo' | 'message'; id: number } | null) => ({
    id,
    reference: `N-00000${id}`,
    name: 'Anna Visser',
    email: 'anna@example.test',
    content_url: target ? `https://site.test/members/42` : 'https://site.test/somewhere',
    explanation: 'Sells stolen goods.',
    created_at: '2026-11-22T10:00:00Z',
    target,
    own_report: false,
  });
  const EMPTY = { cases: [], notices: [] };

  it('When a notice names the member, then it shows in his case and the decision handles it with his reports', async () => {
    const queue = { ...QUEUE, cases: [{ ...QUEUE.cases[0]!, notices: [notice(5, { kind: 'photo', id: 1 })] }] };
    const read = queues(queue, EMPTY);
    const { fetch, calls } = backend((method) => (method === 'POST' ? json(201, { decision: 3, statement: true }) : read()));
    renderReports(fetch, queue);
    const card = await screen.findByRole('article', { name: 'Rude Rob' });
    expect(card.textContent).toContain('1 notice of illegal content');
    expect(within(card).getByTestId('queued-notice').textContent).toContain('N-000005');
    fireEvent.change(screen.getByLabelText('Action'), { target: { value: 'remove_content' } });
    expect(
      within(screen.getByLabelText('Content to remove'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toContain('Photo 1');
    fireEvent.change(screen.getByLabelText('Content to remove'), { target: { value: 'photo:1' } });
    fireEvent.change(screen.getByLabelText('Facts and circumstances (the member reads them)'), { target: { value: 'Stolen goods.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Decide' }));
    await screen.findByTestId('queue-notice');
    expect(JSON.parse(calls.find((c) => c.method === 'POST')?.body ?? '{}')).toMatchObject({
      member: 42,
      reports: [100, 101],
      notices: [5],
      action: 'remove_content',
      content: { kind: 'photo', id: 1 },
    });
  });

  it('When a case holds the moderator’s own report, concerns a member he is tied to or is about him, then it shows why instead of the decision form; his own notice has no actions', async () => {
    const marked = (id: number, marks: Partial<Pick<ReportCase, 'own_case' | 'own_report' | 'conflict_of_interest'>>, name: string) => ({
      ...QUEUE.cases[0]!,
      ...marks,
      member: { ...QUEUE.cases[0]!.member, id, name },
    });
    const queue: ReportQueue = {
      cases: [
        marked(50, { own_report: true }, 'Reported Ray'),
        marked(51, { conflict_of_interest: true }, 'Chatty Chris'),
        marked(52, { own_case: true }, 'Myself Mats'),
      ],
      notices: [{ ...notice(8, null), own_report: true }],
    };
    const { fetch, calls } = backend(() => json(200, queue));
    renderReports(fetch, queue);
    const reason = async (name: string) => {
      const card = await screen.findByRole('article', { name });
      expect(within(card).queryByRole('button', { name: 'Decide' })).toBeNull();
      return within(card).getByTestId('case-not-yours').textContent;
    };
    expect(await reason('Reported Ray')).toContain('You reported this member yourself');
    expect(await reason('Chatty Chris')).toContain('you have a conversation with him');
    expect(await reason('Myself Mats')).toContain('This case is about you');
    const own = screen.getAllByTestId('queued-notice').find((n) => n.textContent?.includes('N-000008')) as HTMLElement;
    expect(within(own).queryByRole('button')).toBeNull();
    expect(within(own).getByTestId('notice-own').textContent).toContain('You sent this notice yourself');
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it('When a notice names nobody, then the moderator assigns it with a profile URL or dismisses it, and the queue is asked again', async () => {
    const read = queues({ cases: [], notices: [notice(6, null), notice(7, null)] }, { cases: [], notices: [notice(7, null)] });
    const { fetch, calls } = backend((method) => (method === 'PUT' ? json(200, { success: true }) : read()));
    renderReports(fetch, { cases: [], notices: [notice(6, null), notice(7, null)] });
    await waitFor(() => expect(screen.getAllByTestId('queued-notice')).toHaveLength(2));
    const [first] = screen.getAllByTestId('queued-notice');
    fireEvent.click(within(first!).getByRole('button', { name: 'Add to the member’s case' }));
    expect((await within(first!).findByText('Please give the URL of the member’s profile or photo.')).textContent).toBeTruthy();
    fireEvent.change(within(first!).getByLabelText('URL of the member’s profile or photo'), {
      target: { value: ' https://site.test/members/42 ' },
    });
    fireEvent.click(within(first!).getByRole('button', { name: 'Add to the member’s case' }));
    expect((await screen.findByTestId('queue-notice')).textContent).toContain('Notice N-000006 is now part of the member’s case.');
    // The queue asked again holds the other notice only.
    await waitFor(() => expect(screen.getAllByTestId('queued-notice')).toHaveLength(1));
    expect(screen.getByTestId('queued-notice').textContent).toContain('N-000007');
    fireEvent.click(within(screen.getByTestId('queued-notice')).getByRole('button', { name: 'Dismiss: no violation' }));
    await waitFor(() => expect(screen.getByTestId('queue-notice').textContent).toContain('Notice N-000007 was dismissed.'));
    const puts = calls.filter((c) => c.method === 'PUT');
    expect(puts.map((c) => [c.path, JSON.parse(c.body)])).toEqual([
      ['/api/notice.php', { notice: 6, action: 'assign', content_url: 'https://site.test/members/42' }],
      ['/api/notice.php', { notice: 7, action: 'dismiss' }],
    ]);
    // Each attempt carries its own key.
    expect(puts.map((c) => c.key)).toEqual([expect.stringMatching(/^[0-9a-f-]{36}$/), expect.stringMatching(/^[0-9a-f-]{36}$/)]);
    expect(puts[0]?.key).not.toBe(puts[1]?.key);
    expect(calls.filter((c) => c.method === 'GET' && c.path === '/api/report-queue.php').length).toBeGreaterThan(1);
  });

  it('When a case is listed, then the member, his photos, each report with the reporter’s record and the message context, and his history show', async () => {
    const { fetch } = backend(() => json(200, QUEUE));
    renderReports(fetch, QUEUE);
    const card = await screen.findByRole('article', { name: 'Rude Rob' });
    expect(card.textContent).toContain('Send me money');
    expect(card.textContent).toContain('22 days');
    expect(within(card).getByRole('img', { name: 'Photo 2 of Rude Rob (awaiting moderation)' })).toBeTruthy();
    expect(card.textContent).toContain('2 open reports');
    expect(card.textContent).toContain('Reporter: 3 reports filed, 2 upheld · Weight 1.25');
    // Hidden before review, with what the reports weigh; the report the per-target limit stored without weight says so.
    expect(within(card).getByTestId('case-weight').textContent).toBe('Hidden from search until reviewedWeight of the reports: 1.25');
    expect(within(card).getAllByTestId('report-not-counted')).toHaveLength(1);
    expect(within(card).getAllByTestId('queued-report')[1]?.textContent).toContain('Counts no weight');
    const context = within(card).getByRole('list', { name: 'The conversation around the message' });
    expect(within(context).getByTestId('reported-message').textContent).toContain('You are worthless');
    expect(context.textContent).toContain('Hi there');
    expect(card.textContent).toContain('Warning');
    expect(card.textContent).toContain('reversed');
  });

  it('When the moderator suspends with a reason, then both reports are decided with the days, rule and facts and an Idempotency-Key, the button busy meanwhile', async () => {
    let answer: (response: Response) => void = () => undefined;
    const decided = new Promise<Response>((resolve) => (answer = resolve));
    const read = queues(QUEUE, EMPTY);
    const { fetch, calls } = backend((method) => (method === 'POST' ? decided : read()));
    renderReports(fetch, QUEUE);
    await screen.findByRole('article', { name: 'Rude Rob' });
    fireEvent.change(screen.getByLabelText('Action'), { target: { value: 'suspend' } });
    fireEvent.change(screen.getByLabelText('Number of days (1–365)'), { target: { value: '14' } });
    fireEvent.change(screen.getByLabelText('Facts and circumstances (the member reads them)'), {
      target: { value: 'Insulted another member.' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Decide' }));
    await waitFor(() => expect((screen.getByRole('button', { name: 'Decide' }) as HTMLButtonElement).disabled).toBe(true));
    answer(json(201, { decision: 3, statement: true }));
    expect((await screen.findByTestId('queue-notice')).textContent).toContain('The reports about Rude Rob are decided.');
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Rude Rob' })).toBeNull());
    const decision = calls.find((c) => c.method === 'POST');
    expect(decision?.path).toBe('/api/report-decision.php');
    expect(decision?.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.parse(decision?.body ?? '{}')).toEqual({
      member: 42,
      reports: [100, 101],
      action: 'suspend',
      rule: 'fake_scam_spam',
      facts: 'Insulted another member.',
      days: 14,
    });
  });

  it('When the ground is illegal content, then the moderator must name its kind from the database categories, and the decision carries it', async () => {
    const read = queues(QUEUE, EMPTY);
    const { fetch, calls } = backend((method) => (method === 'POST' ? json(201, { decision: 4, statement: true }) : read()));
    renderReports(fetch, QUEUE);
    await screen.findByRole('article', { name: 'Rude Rob' });
    fireEvent.change(screen.getByLabelText('Action'), { target: { value: 'ban' } });
    fireEvent.change(screen.getByLabelText('Rule of the terms'), { target: { value: 'illegal' } });
    fireEvent.change(screen.getByLabelText('Facts and circumstances (the member reads them)'), { target: { value: 'Sold fake IDs.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Decide' }));
    expect(await screen.findByText('Please choose the kind of illegal content (the category).')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    const category = screen.getByLabelText('Category (EU transparency database)') as HTMLSelectElement;
    // The database's list of today: the categories it retired are not offered.
    expect([...category.options].map((o) => o.value)).not.toContain('STATEMENT_CATEGORY_SCOPE_OF_PLATFORM_SERVICE');
    expect([...category.options].map((o) => o.value)).not.toContain('STATEMENT_CATEGORY_NON_CONSENSUAL_BEHAVIOUR');
    expect(category.options).toHaveLength(17);
    fireEvent.change(category, { target: { value: 'STATEMENT_CATEGORY_SCAMS_AND_FRAUD' } });
    fireEvent.click(screen.getByRole('button', { name: 'Decide' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(JSON.parse(calls.find((c) => c.method === 'POST')?.body ?? '{}')).toMatchObject({
      action: 'ban',
      rule: 'illegal',
      category: 'STATEMENT_CATEGORY_SCAMS_AND_FRAUD',
    });
  });

  it("When the moderator picks a category, then the specification offers only that category's keywords, by name, and the decision carries the one chosen", async () => {
    const read = queues(QUEUE, EMPTY);
    const { fetch, calls } = backend((method) => (method === 'POST' ? json(201, { decision: 5, statement: true }) : read()));
    renderReports(fetch, QUEUE);
    await screen.findByRole('article', { name: 'Rude Rob' });
    const category = screen.getByLabelText('Category (EU transparency database)') as HTMLSelectElement;
    const specification = screen.getByLabelText('Specification (optional)') as HTMLSelectElement;
    const offered = () => [...specification.options].map((o) => o.value);
    // The rule's own category files its own keyword: nothing to choose.
    expect(specification.disabled).toBe(true);
    expect(offered()).toEqual(['']);
    expect(specification.getAttribute('aria-describedby')).toBeTruthy();
    fireEvent.change(category, { target: { value: 'STATEMENT_CATEGORY_PROTECTION_OF_MINORS' } });
    expect(specification.disabled).toBe(false);
    expect(offered()).toEqual([
      '',
      'KEYWORD_AGE_SPECIFIC_RESTRICTIONS_MINORS',
      'KEYWORD_CHILD_SEXUAL_ABUSE_MATERIAL',
      'KEYWORD_CHILD_SEXUAL_ABUSE_MATERIAL_DEEPFAKE',
      'KEYWORD_GROOMING_SEXUAL_ENTICEMENT_MINORS',
      'KEYWORD_UNSAFE_CHALLENGES',
      'KEYWORD_OTHER',
    ]);
    expect(within(specification).getByRole('option', { name: 'Grooming/sexual enticement of minors' })).toBeTruthy();
    fireEvent.change(specification, { target: { value: 'KEYWORD_GROOMING_SEXUAL_ENTICEMENT_MINORS' } });
    // Another category offers its own keywords and drops the one of the first.
    fireEvent.change(category, { target: { value: 'STATEMENT_CATEGORY_SCAMS_AND_FRAUD' } });
    expect(offered()).toContain('KEYWORD_INAUTHENTIC_ACCOUNTS');
    expect(offered()).not.toContain('KEYWORD_GROOMING_SEXUAL_ENTICEMENT_MINORS');
    expect(specification.value).toBe('');
    // Illegal content of an unnamed kind has no keywords.
    fireEvent.change(category, { target: { value: 'STATEMENT_CATEGORY_NOT_SPECIFIED_NOTICE' } });
    expect([specification.disabled, offered()]).toEqual([true, ['']]);
    fireEvent.change(category, { target: { value: 'STATEMENT_CATEGORY_PROTECTION_OF_MINORS' } });
    fireEvent.change(specification, { target: { value: 'KEYWORD_GROOMING_SEXUAL_ENTICEMENT_MINORS' } });
    fireEvent.change(screen.getByLabelText('Action'), { target: { value: 'ban' } });
    fireEvent.change(screen.getByLabelText('Facts and circumstances (the member reads them)'), {
      target: { value: 'Asked a boy of 15 for photos.' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Decide' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(JSON.parse(calls.find((c) => c.method === 'POST')?.body ?? '{}')).toMatchObject({
      action: 'ban',
      category: 'STATEMENT_CATEGORY_PROTECTION_OF_MINORS',
      category_specification: 'KEYWORD_GROOMING_SEXUAL_ENTICEMENT_MINORS',
    });
  });

  it('When a form without JavaScript posts a specification of another category, then the action answers it without a call, the fields kept', async () => {
    const { fetch, calls } = backend(() => json(201, { decision: 6, statement: true }));
    const api = createApiClient({ baseUrl: 'http://localhost/api', fetch });
    const post = (fields: Record<string, string>) =>
      reportModerationAction({
        request: new Request('http://localhost/moderation/reports', {
          method: 'POST',
          body: new URLSearchParams({
            intent: 'decision',
            member: '42',
            name: 'Rude Rob',
            reports: '100',
            notices: '',
            action: 'warn',
            rule: 'other',
            facts: 'Rude.',
            idempotency_key: '7d1c6a56-2f0e-4c55-9d0b-0f3f6c1b2a10',
            ...fields,
          }),
        }),
        context: { api } as PageContext,
        params: {},
      } as PageActionArgs);
    for (const fields of [
      { category: 'STATEMENT_CATEGORY_PROTECTION_OF_MINORS', category_specification: 'KEYWORD_PHISHING' },
      { category: '', category_specification: 'KEYWORD_OTHER' },
    ]) {
      expect(await post(fields)).toMatchObject({
        form: 'decision',
        status: 400,
        body: { error: { code: 'specification_mismatch' } },
        fields: { category_specification: fields.category_specification },
      });
    }
    expect(calls).toEqual([]);
    // "Other" of the no-JavaScript list specifies whichever category was chosen.
    await post({ category: 'STATEMENT_CATEGORY_SCAMS_AND_FRAUD', category_specification: 'KEYWORD_OTHER' });
    expect(JSON.parse(calls[0]?.body ?? '{}')).toMatchObject({ category_specification: 'KEYWORD_OTHER' });
  });

  it('When another moderator decided first (409), then the conflict is shown clearly and the queue is asked again', async () => {
    const read = queues(QUEUE, EMPTY);
    const { fetch, calls } = backend((method) =>
      method === 'POST' ? json(409, { error: { code: 'reports_decided', message: 'Already decided' } }) : read(),
    );
    renderReports(fetch, QUEUE);
    await screen.findByRole('article', { name: 'Rude Rob' });
    fireEvent.change(screen.getByLabelText('Facts and circumstances (the member reads them)'), { target: { value: 'Nothing wrong.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Decide' }));
    expect((await screen.findByTestId('queue-notice')).textContent).toContain('Another moderator decided reports about Rude Rob first');
    await waitFor(() => expect(calls.filter((c) => c.method === 'GET' && c.path === '/api/report-queue.php')).toHaveLength(2));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Rude Rob' })).toBeNull());
  });

  it('When another moderator decided first and the moderator reads Dutch, then the conflict is said in Dutch', async () => {
    const read = queues(QUEUE, EMPTY);
    const { fetch } = backend((method) =>
      method === 'POST' ? json(409, { error: { code: 'decision_duplicate', message: 'x' } }) : read(),
    );
    renderReports(fetch, QUEUE, { locale: 'nl', messages: nl });
    await screen.findByRole('article', { name: 'Rude Rob' });
    fireEvent.change(screen.getByLabelText('Feiten en omstandigheden (het lid leest ze)'), { target: { value: 'Niets aan de hand.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Beslissen' }));
    expect((await screen.findByTestId('queue-notice')).textContent).toContain(
      'Een andere moderator heeft eerder beslist over meldingen over Rude Rob.',
    );
  });

  it('When the backend refuses the decision, then its message shows in the form with the fields kept, and sending again repeats the attempt with its key', async () => {
    const { fetch, calls } = backend((method) =>
      method === 'POST'
        ? json(403, { error: { code: 'own_case', message: 'You cannot decide about yourself: another moderator must.' } })
        : json(200, QUEUE),
    );
    renderReports(fetch, QUEUE);
    await screen.findByRole('article', { name: 'Rude Rob' });
    fireEvent.change(screen.getByLabelText('Action'), { target: { value: 'warn' } });
    fireEvent.change(screen.getByLabelText('Facts and circumstances (the member reads them)'), { target: { value: 'Rude.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Decide' }));
    expect((await screen.findByRole('alert')).textContent).toContain('You cannot decide about yourself: another moderator must.');
    expect((screen.getByLabelText('Facts and circumstances (the member reads them)') as HTMLTextAreaElement).value).toBe('Rude.');
    expect((screen.getByLabelText('Action') as HTMLSelectElement).value).toBe('warn');
    fireEvent.click(screen.getByRole('button', { name: 'Decide' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2));
    const [first, second] = calls.filter((c) => c.method === 'POST');
    expect(second?.key).toBe(first?.key);
  });

  it('When the facts are missing or a removal has no content, then it says so and sends nothing', async () => {
    const { fetch, calls } = backend((method) => (method === 'GET' ? json(200, QUEUE) : json(500, {})));
    renderReports(fetch, QUEUE);
    await screen.findByRole('article', { name: 'Rude Rob' });
    fireEvent.click(screen.getByRole('button', { name: 'Decide' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Please describe the facts and circumstances.');
    fireEvent.change(screen.getByLabelText('Action'), { target: { value: 'remove_content' } });
    expect(
      within(screen.getByLabelText('Content to remove'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Message 555', 'the profile text']);
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });
});

const APPEALS: AppealQueue = {
  appeals: [
    {
      id: 1,
      role: 'member',
      text: 'I did nothing wrong',
      created_at: '2026-11-22T10:00:00Z',
      own_decision: false,
      own_case: false,
      own_report: false,
      conflict_of_interest: false,
      member: { id: 42, name: 'Rude Rob' },
      decision: {
        id: 3,
        member: 42,
        action: 'suspend',
        rule: 'harassment_hate',
        facts: 'Insults',
        created_at: '2026-11-21T10:00:00Z',
        moderator: 2,
        days: 7,
        until: '2026-11-28T10:00:00Z',
        source: 'report',
        removed: null,
        category: 'STATEMENT_CATEGORY_CYBER_VIOLENCE',
        category_specification: 'KEYWORD_CYBER_HARASSMENT',
      },
      content: [
        { kind: 'message', id: 555, removed: false, photo: null, text: 'You are worthless', sent_at: '2026-11-20T10:00:00Z' },
        {
          kind: 'photo',
          id: 77,
          removed: true,
          photo: {
            id: 77,
            filename: 'u/aa/x-full.jpg',
            thumb_filename: 'u/aa/x-thumb.jpg',
            status: 'rejected',
            match_path: 'u/aa/x-full.jpg',
          },
          text: null,
          sent_at: null,
        },
      ],
      reports: [
        {
          id: 9,
          target: { kind: 'message', id: 555 },
          reason: 'harassment_hate',
          details: 'He keeps insulting me',
          created_at: '2026-11-20T11:00:00Z',
          counted: true,
          reporter: { id: 5, filed: 4, upheld: 2, unfounded: 0, weight: 0.75, trusted: true, deprioritised: false },
          messages: [
            { id: 554, from_member: false, text: 'Hi there', sent_at: '2026-11-20T09:59:00Z', reported: false },
            { id: 555, from_member: true, text: 'You are worthless', sent_at: '2026-11-20T10:00:00Z', reported: true },
          ],
        },
      ],
      notices: [],
    },
    {
      id: 2,
      role: 'member',
      text: 'Please',
      created_at: '2026-11-22T11:00:00Z',
      own_decision: true,
      own_case: false,
      own_report: false,
      conflict_of_interest: false,
      member: { id: 43, name: 'Young Yves' },
      decision: {
        id: 4,
        member: 43,
        action: 'ban',
        rule: 'underage',
        facts: 'Minor',
        created_at: '2026-11-21T11:00:00Z',
        moderator: 1,
        days: null,
        until: 'infinity',
        source: 'own_initiative',
        removed: null,
        category: 'STATEMENT_CATEGORY_PROTECTION_OF_MINORS',
        category_specification: null,
      },
      content: [],
      reports: [],
      notices: [],
    },
  ],
};

describe('AppealQueueView', () => {
  it('When an appeal is listed, then it names the member and shows the decision with its statement, the content concerned, the original report with its reporter’s weight and the appeal’s text — never an id alone', async () => {
    const { fetch } = backend(() => json(200, APPEALS));
    renderAppeals(fetch, APPEALS);
    await waitFor(() => expect(screen.getAllByTestId('queued-appeal')).toHaveLength(2));
    const card = screen.getAllByTestId('queued-appeal')[0] as HTMLElement;
    expect(within(card).getByRole('heading', { level: 3 }).textContent).toBe('Suspension · Rude Rob');
    expect(within(card).getByRole('link', { name: 'Rude Rob' }).getAttribute('href')).toBe('/members/42');
    expect(card.textContent).not.toMatch(/#42\b/);
    const decision = within(card).getByTestId('appeal-decision');
    expect(decision.textContent).toContain('7 days');
    expect(decision.textContent).toContain('Harassment or hate');
    expect(decision.textContent).toContain('Cyber violence');
    expect(decision.textContent).toContain('Cyber harassment');
    expect(decision.textContent).toContain('Following a report by another person');
    expect(within(card).getByTestId('appeal-facts').textContent).toContain('Insults');
    const content = within(card).getByTestId('appeal-content');
    expect(within(content).getByRole('img', { name: 'Photo of Rude Rob (removed)' }).getAttribute('src')).toContain('u/aa/x-thumb.jpg');
    expect(within(content).getByTestId('appeal-content-text').textContent).toContain('You are worthless');
    const reports = within(card).getByTestId('appeal-reports');
    expect(within(reports).getByRole('heading').textContent).toBe('The original report');
    expect(reports.textContent).toContain('He keeps insulting me');
    expect(reports.textContent).toContain('Weight 0.75');
    expect(within(reports).getByTestId('reported-message').textContent).toContain('You are worthless');
    expect(within(card).getByTestId('appeal-text').textContent).toBe('I did nothing wrong');
  });

  it('When the moderator reverses an appeal, then the outcome and explanation go out; his own decision cannot be decided by him', async () => {
    const read = queues(APPEALS, { appeals: [APPEALS.appeals[1]] });
    const { fetch, calls } = backend((method) => (method === 'PUT' ? json(200, { success: true }) : read()));
    renderAppeals(fetch, APPEALS);
    await waitFor(() => expect(screen.getAllByTestId('queued-appeal')).toHaveLength(2));
    const [first, own] = screen.getAllByTestId('queued-appeal');
    expect(within(own as HTMLElement).queryByRole('button')).toBeNull();
    expect(within(own as HTMLElement).getByTestId('appeal-own')).toBeTruthy();
    fireEvent.change(within(first as HTMLElement).getByLabelText('Explanation for the member'), { target: { value: 'Misread the chat.' } });
    fireEvent.click(within(first as HTMLElement).getByRole('button', { name: 'Reverse the decision' }));
    expect((await screen.findByTestId('appeal-notice')).textContent).toContain('The decision is reversed');
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.path).toBe('/api/appeal.php');
    expect(put?.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.parse(put?.body ?? '{}')).toEqual({ appeal: 1, outcome: 'reversed', explanation: 'Misread the chat.' });
    await waitFor(() => expect(screen.getAllByTestId('queued-appeal')).toHaveLength(1));
  });

  it('When another moderator decided the appeal first (409), then that is shown', async () => {
    const read = queues(APPEALS, { appeals: [] });
    const { fetch } = backend((method) =>
      method === 'PUT' ? json(409, { error: { code: 'appeal_decided', message: 'Decided' } }) : read(),
    );
    renderAppeals(fetch, APPEALS);
    await waitFor(() => expect(screen.getAllByTestId('queued-appeal')).toHaveLength(2));
    const [first] = screen.getAllByTestId('queued-appeal');
    fireEvent.change(within(first as HTMLElement).getByLabelText('Explanation for the member'), { target: { value: 'Stands.' } });
    fireEvent.click(within(first as HTMLElement).getByRole('button', { name: 'Keep the decision' }));
    expect((await screen.findByTestId('appeal-notice')).textContent).toContain('Another moderator decided this appeal first.');
  });

  it('When an appeal is about the moderator or filed by him, followed his own report or involves a member he is tied to, then he gets no form but the reason; an empty explanation is not sent', async () => {
    const base = APPEALS.appeals[0]!;
    const queue: AppealQueue = {
      appeals: [
        base,
        { ...base, id: 5, own_case: true },
        { ...base, id: 6, own_report: true },
        { ...base, id: 7, conflict_of_interest: true },
      ],
    };
    const { fetch, calls } = backend(() => json(200, queue));
    renderAppeals(fetch, queue);
    await waitFor(() => expect(screen.getAllByTestId('queued-appeal')).toHaveLength(4));
    const [first, own, reported, tied] = screen.getAllByTestId('queued-appeal') as HTMLElement[];
    for (const card of [own, reported, tied]) expect(within(card as HTMLElement).queryByRole('button')).toBeNull();
    expect(within(own as HTMLElement).getByTestId('appeal-own').textContent).toContain(
      'This decision is about you, or you filed the appeal',
    );
    expect(within(reported as HTMLElement).getByTestId('appeal-own').textContent).toContain('followed your own report or notice');
    expect(within(tied as HTMLElement).getByTestId('appeal-own').textContent).toContain('have a conversation with him');
    fireEvent.click(within(first as HTMLElement).getByRole('button', { name: 'Keep the decision' }));
    expect((await within(first as HTMLElement).findByRole('alert')).textContent).toContain('Please explain the outcome to the member.');
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });
});
