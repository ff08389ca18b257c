import { escapeHtml } from '../../src/shared/html';
import type { Locale } from '../../src/shared/locales';
import type { MailMessage } from './mail';

/** A link of a mail: what it says and where it goes. */
interface MailLink {
  label: string;
  href: string;
}

/** A smaller line under the body, with a link after its text (e.g. the unsubscribe link) where it has one. */
interface MailFooterLine {
  text: string;
  link?: MailLink | undefined;
}

/** The parts of a mail, in the order the layout writes them; every text is plain text (the layout escapes it). */
export interface MailParts {
  /** The language the texts are in: the HTML's `lang` and direction. */
  locale: Locale;
  subject: string;
  heading?: string | undefined;
  /** The body; a line break inside a paragraph is kept. */
  paragraphs: readonly string[];
  /** The mail's one action: a button in the HTML, `label: href` in the plain text. */
  button?: MailLink | undefined;
  footer?: readonly MailFooterLine[] | undefined;
  /** The site's name, signed under everything. */
  site?: string | undefined;
}

/** A mail's subject, its plain text and its HTML alternative. */
export type RenderedMail = Pick<MailMessage, 'subject' | 'text' | 'html'>;

/** Languages written right to left; none of the interface locales is one today. */
const RIGHT_TO_LEFT: ReadonlySet<string> = new Set(['ar', 'fa', 'he', 'ur', 'yi']);

const BUTTON_STYLE = 'display:inline-block;padding:12px 20px;background:#f47c20;color:#fff;border-radius:6px;text-decoration:none';

/**
 * The one layout of every mail the backend sends: the HTML and the plain text are written from the same parts, so
 * both say the same in the same order. Every text and attribute value is escaped here; no caller writes HTML.
 */
export function renderMail(parts: MailParts): RenderedMail {
  const footer = parts.footer ?? [];
  const text =
    [
      ...(parts.heading ? [parts.heading] : []),
      ...parts.paragraphs,
      ...(parts.button ? [`${parts.button.label}: ${parts.button.href}`] : []),
      ...footer.map((line) => (line.link ? `${line.text}\n${line.link.label}: ${line.link.href}` : line.text)),
      ...(parts.site ? [parts.site] : []),
    ].join('\n\n') + '\n';
  const e = escapeHtml;
  const link = (l: MailLink, style?: string) => `<a href="${e(l.href)}"${style ? ` style="${style}"` : ''}>${e(l.label)}</a>`;
  const dir = RIGHT_TO_LEFT.has(parts.locale) ? 'rtl' : 'ltr';
  const html = [
    '<!doctype html>',
    `<html lang="${e(parts.locale)}" dir="${dir}">`,
    `<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${e(parts.subject)}</title></head>`,
    '<body style="margin:0;padding:16px;font-family:sans-serif;line-height:1.5">',
    '<div data-mail-layout style="max-width:36rem;margin:0 auto">',
    ...(parts.heading ? [`<h1 style="font-size:1.25em">${e(parts.heading)}</h1>`] : []),
    ...parts.paragraphs.map((p) => `<p style="white-space:pre-wrap">${e(p)}</p>`),
    ...(parts.button ? [`<p>${link(parts.button, BUTTON_STYLE)}</p>`] : []),
    ...footer.map((line) => `<p style="color:#555;font-size:0.9em">${e(line.text)}${line.link ? ` ${link(line.link)}` : ''}</p>`),
    ...(parts.site ? [`<p>${e(parts.site)}</p>`] : []),
    '</div>',
    '</body></html>',
  ].join('\n');
  return { subject: parts.subject, text, html };
}
