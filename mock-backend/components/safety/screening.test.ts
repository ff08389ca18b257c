import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../lib/db';
import { DEMO_LOGINS } from '../../seed/seed';
import { createTestContext, loginCookie, type TestContext } from '../../test/context';

/**
 * The new-account rule on links and phone numbers against the disguises a scammer tries in his first day: a number
 * written for the recipient's country, dots and digits of other scripts, digits as look-alike letters or as words in
 * the eleven languages, a spelt "d0t" — and what an honest newcomer writes (his height, his age, a date) still goes.
 */

let ctx: TestContext;
let siteId: number;
let sender: { id: number; cookie: string };
let recipient: { id: number };

beforeAll(async () => {
  ctx = await createTestContext({ members: 12 });
  // The premium demo member writes (his credits pay for the messages that go through) to an ordinary member.
  const [premium] = await ctx.db.query<{ id: number; site_id: number }>(
    sql`SELECT id, site_id FROM users WHERE email = ${DEMO_LOGINS.premium}`,
  );
  const [other] = await ctx.db.query<{ id: number }>(
    sql`SELECT u.id FROM users u JOIN profiles p ON p.user_id = u.id
        WHERE u.site_id = ${premium?.site_id} AND u.email NOT LIKE '%@demo.test' AND u.role = 'member' AND NOT p.fictional
          AND NOT p.invisible AND p.status = 'active'
        ORDER BY u.id LIMIT 1`,
  );
  siteId = premium?.site_id as number;
  sender = { id: premium?.id as number, cookie: await loginCookie(ctx.app, DEMO_LOGINS.premium) };
  recipient = { id: other?.id as number };
  await ctx.db.query(sql`UPDATE users SET status = 'active' WHERE id = ${recipient.id}`);
});
afterAll(() => ctx?.close());

/** The sender, made an account of `hours` in `country`, writing to the recipient, made a member in `recipientCountry`. */
async function newcomer(country: string, recipientCountry: string, hours = 2) {
  // The sends per minute start again: these tests send more than a member may in one minute.
  await ctx.db.query(sql`DELETE FROM rate_limits WHERE key LIKE 'chat-send%'`);
  await ctx.db.query(sql`UPDATE users SET signup_date = now() - make_interval(hours => ${hours}) WHERE id = ${sender.id}`);
  await ctx.db.query(sql`UPDATE profiles SET country = ${country} WHERE user_id = ${sender.id}`);
  await ctx.db.query(sql`UPDATE profiles SET country = ${recipientCountry} WHERE user_id = ${recipient.id}`);
  return {
    send: (text: string) => request(ctx.app).post('/api/message.php').set('cookie', sender.cookie).send({ profile_id: recipient.id, text }),
  };
}

const messagesOf = async (senderId: number) =>
  (await ctx.db.query<{ n: number }>(sql`SELECT count(*)::int AS n FROM messages WHERE sender_id = ${senderId}`))[0]?.n;

describe('the new-account rule on phone numbers and links', () => {
  it('When a new account in the United States writes a Dutch mobile number to a Dutch member, then it is refused as a phone number and nothing is stored', async () => {
    const { send } = await newcomer('US', 'NL');
    const before = await messagesOf(sender.id);
    const res = await send('Hi! App me: 06 12345678');
    expect(res.status).toBe(422);
    expect(res.body.error).toMatchObject({ code: 'first_message_contact', params: { kind: 'phone' } });
    expect(await messagesOf(sender.id)).toBe(before);
  });

  it('When a number reads as a phone number only in the recipient’s or the site’s country, then it is refused; seven digits in a row are refused in any country', async () => {
    // Katakana's long-vowel mark between the groups: the phone parser reads it as a dash, and as a Dutch number only.
    const dutch = 'Bel me: 020ー808ー4100';
    expect((await (await newcomer('US', 'NL')).send(dutch)).body.error).toMatchObject({
      code: 'first_message_contact',
      params: { kind: 'phone' },
    });
    expect((await (await newcomer('US', 'US')).send(dutch)).status).toBe(201);
    await ctx.db.query(sql`UPDATE sites SET countries = ARRAY['NL'] || countries WHERE id = ${siteId}`);
    try {
      expect((await (await newcomer('US', 'US')).send(dutch)).body.error).toMatchObject({ params: { kind: 'phone' } });
    } finally {
      await ctx.db.query(sql`UPDATE sites SET countries = countries[2:] WHERE id = ${siteId}`);
    }
    expect((await (await newcomer('US', 'US')).send('My number is 5551234')).body.error).toMatchObject({ params: { kind: 'phone' } });
  });

  it('When a new account disguises a link or a phone number with other scripts, look-alike letters, number words or a spelt "d0t", then each is refused', async () => {
    const { send } = await newcomer('DE', 'NL');
    const disguised: [string, 'link' | 'phone'][] = [
      ['Find me at example。com', 'link'],
      ['Find me at example｡com', 'link'],
      ['Find me at example d0t com', 'link'],
      ['Find me at example d 0 t com', 'link'],
      ['Find me at example (d0t) com', 'link'],
      ['Call me ०६१२३४५६७८', 'phone'],
      ['Call me ٠٦ ١٢٣ ٤٥٦ ٧٨', 'phone'],
      ['Call me O6 l2345678', 'phone'],
      ['Call me: zero six one two three four five six seven eight', 'phone'],
      ['Bel me: nul zes een twee drie vier vijf zes zeven acht', 'phone'],
      ['Ruf mich an: null sechs eins zwei drei vier fünf sechs sieben acht', 'phone'],
      ['Chiamami: zero sei uno due tre quattro cinque sei sette otto', 'phone'],
      ['Appelle-moi : zéro six un deux trois quatre cinq six sept huit', 'phone'],
      ['Llámame: cero seis uno dos tres cuatro cinco seis siete ocho', 'phone'],
      ['Zadzwoń: zero sześć jeden dwa trzy cztery pięć sześć siedem osiem', 'phone'],
      ['Ring til mig: nul seks en to tre fire fem seks syv otte', 'phone'],
      ['Soita: nolla kuusi yksi kaksi kolme neljä viisi kuusi seitsemän kahdeksan', 'phone'],
      ['Ring meg: null seks en to tre fire fem seks sju åtte', 'phone'],
      ['Ring mig: noll sex ett två tre fyra fem sex sju åtta', 'phone'],
      ['Text me 06 one two 34 five six seven eight', 'phone'],
    ];
    for (const [text, kind] of disguised) {
      const res = await send(text);
      expect(res.status, text).toBe(422);
      expect(res.body.error, text).toMatchObject({ code: 'first_message_contact', params: { kind } });
    }
  });

  it('When a new account writes his height, his age, a date, a time or a span of years, then the message is sent', async () => {
    const { send } = await newcomer('DK', 'NL');
    for (const text of [
      "I'm 1.85 m and 32",
      'Hi! 32/185/80, looking for fun',
      'My birthday is 20.11.1985',
      'I can meet on 28.11.2026 between 18.30-20.00',
      'I lived in Berlin 2015-2019 and moved here in 2020',
      'Jeg er 32 år og 1,85 høj, en to tre',
      'I have one or two dogs and I earn 50000 a year',
    ]) {
      const res = await send(text);
      expect(res.status, text).toBe(201);
    }
  });

  it('When the account is older than the site’s new-account hours, then the same numbers go through', async () => {
    const { send } = await newcomer('US', 'NL', 48);
    expect((await send('App me: 06 12345678')).status).toBe(201);
  });
});
