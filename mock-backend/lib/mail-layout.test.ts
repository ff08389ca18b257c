import { describe, expect, it } from 'vitest';
import type { Locale } from '../../src/shared/locales';
import { renderAccountMail, type MailKind } from '../components/accounts/mail-texts';
import { renderNotificationMail } from '../components/push/deliver-mail';
import { renderStatement } from '../components/safety/mail-texts';
import { renderMail, type RenderedMail } from './mail-layout';

const SCRIPT = '<script>alert(1)</script>';
const ESCAPED = '&lt;script&gt;alert(1)&lt;/script&gt;';
/** A link whose query needs escaping in an attribute: `&`, a quote and angle brackets. */
const LINK = 'https://site.test/go?token=a&next="<x>"';
const LINK_ATTRIBUTE = 'href="https://site.test/go?token=a&amp;next=&quot;&lt;x&gt;&quot;"';

/** The layout's own opening, with the mail's language and direction, and its one wrapper. */
function expectLayout(mail: RenderedMail, locale: Locale): void {
  expect(mail.html.startsWith(`<!doctype html>\n<html lang="${locale}" dir="ltr">\n<head><meta charset="utf-8">`)).toBe(true);
  expect(mail.html.match(/<div data-mail-layout /g)).toHaveLength(1);
  expect(mail.html.endsWith('</div>\n</body></html>')).toBe(true);
}

describe('the one mail layout', () => {
  it('When any mail is rendered (every account mail, a statement, a notification), then the one layout wrote it in the mail’s language and every text and link in it is escaped', () => {
    const kinds: MailKind[] = [
      'activate',
      'reset_password',
      'mail_change',
      'account_deleted',
      'signup_duplicate',
      'mail_change_notice',
      'login_link',
    ];
    const mails: [Locale, RenderedMail][] = [
      ...kinds.map((kind, i): [Locale, RenderedMail] => {
        const locale = (['en', 'nl', 'de', 'fr', 'es', 'it', 'pl'] as const)[i] ?? 'en';
        return [locale, renderAccountMail(kind, locale, { site: SCRIPT, link: LINK, hours: 24, minutes: 15, days: 30 })];
      }),
      [
        'fi',
        renderStatement('fi', { site: SCRIPT, action: 'warn', until: null, facts: SCRIPT, rule: 'other', source: 'report', link: LINK }),
      ],
      ['sv', renderNotificationMail('messages', 'sv', { site: SCRIPT, origin: 'https://site.test', unsubscribe: LINK })],
    ];
    for (const [locale, mail] of mails) {
      expectLayout(mail, locale);
      expect(mail.html).not.toContain('<script');
      expect(mail.html).toContain(ESCAPED);
      expect(mail.html).toContain(LINK_ATTRIBUTE);
      // The plain text is the same mail unescaped, with the link written out.
      expect(mail.text).toContain(SCRIPT);
      expect(mail.text).toContain(`: ${LINK}\n`);
      expect(mail.text).not.toContain('&lt;');
    }
  });

  it('When the layout writes a mail from its parts, then the HTML has them in order, each escaped, and the plain text says the same with the links written out', () => {
    const mail = renderMail({
      locale: 'nl',
      subject: 'Subject <b>',
      heading: 'Heading & more',
      paragraphs: ['First "one"', 'Second\nline'],
      button: { label: 'Go <now>', href: LINK },
      footer: [
        { text: 'Why you get this.', link: { label: "Don't send", href: 'https://site.test/off?a=1&b=2' } },
        { text: 'Small print' },
      ],
      site: 'Site & Co',
    });
    expectLayout(mail, 'nl');
    expect(mail.subject).toBe('Subject <b>');
    const body = mail.html.slice(mail.html.indexOf('<div data-mail-layout'));
    const order = [
      '<title>Subject &lt;b&gt;</title>',
      '>Heading &amp; more</h1>',
      '>First &quot;one&quot;</p>',
      '>Second\nline</p>',
      `<a ${LINK_ATTRIBUTE} `,
      '>Go &lt;now&gt;</a>',
      'Why you get this. <a href="https://site.test/off?a=1&amp;b=2">Don&#39;t send</a>',
      '>Small print</p>',
      '<p>Site &amp; Co</p>',
    ];
    const positions = order.map((part) => mail.html.indexOf(part));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(body).not.toMatch(/<b>|<now>|"one"/);
    expect(mail.text).toBe(
      [
        'Heading & more',
        'First "one"',
        'Second\nline',
        `Go <now>: ${LINK}`,
        "Why you get this.\nDon't send: https://site.test/off?a=1&b=2",
        'Small print',
        'Site & Co',
      ].join('\n\n') + '\n',
    );
  });
});
