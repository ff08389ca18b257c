import type { Locale } from '../../../src/shared/locales';
import { escapeHtml } from '../../../src/shared/html';

/** A trust-and-safety mail: its subject, the plain text and the HTML alternative. */
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/** The mail of the paragraphs (each escaped in the HTML), with an optional link below them. */
export function render(locale: Locale, subject: string, paragraphs: string[], link?: { label: string; href: string }): RenderedMail {
  const text = [...paragraphs, ...(link ? [`${link.label}: ${link.href}`] : [])].join('\n\n') + '\n';
  const html = `<!doctype html><html lang="${locale}"><body style="font-family:sans-serif;line-height:1.5">
${paragraphs.map((p) => `<p style="white-space:pre-wrap">${escapeHtml(p)}</p>`).join('\n')}
${link ? `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>` : ''}
</body></html>`;
  return { subject, text, html };
}
