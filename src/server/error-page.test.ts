import { ServerResponse, IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { errorPageHtml, sendErrorPage } from './error-page';

describe('the static error page', () => {
  it('When it is written, then it shows the status, its text and the way home in the given language, and no script', () => {
    const html = errorPageHtml({ status: 404, locale: 'nl' });
    expect(html).toContain('<html lang="nl">');
    expect(html).toContain('<title>404 Deze pagina kon niet worden gevonden</title>');
    expect(html).toContain('>404</p><h1>Deze pagina kon niet worden gevonden</h1>');
    expect(html).toMatch(/<a href="\/"[^>]*>Terug naar de startpagina<\/a>/);
    expect(html).not.toContain('Back to the home page');
    expect(html).not.toContain('<script');
  });

  it('When a status has no page of its own, then a 4xx says the request could not be handled and a 5xx to try later, in English by default', () => {
    expect(errorPageHtml({ status: 400 })).toContain('<h1>The request could not be handled.</h1>');
    const html = errorPageHtml({ status: 500 });
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<h1>An error occurred, please try again later.</h1>');
    expect(errorPageHtml({ status: 413, locale: 'de' })).toContain('<html lang="de">');
  });

  it('When it is sent, then the status and headers say a page that is never cached', () => {
    const res = new ServerResponse(new IncomingMessage(new Socket()));
    let written = '';
    res.end = ((chunk: string) => {
      written = chunk;
      return res;
    }) as typeof res.end;
    sendErrorPage(res, { status: 404 });
    expect(res.statusCode).toBe(404);
    expect(res.getHeader('content-type')).toBe('text/html; charset=utf-8');
    expect(res.getHeader('cache-control')).toBe('private, no-store');
    expect(res.getHeader('content-length')).toBe(Buffer.byteLength(written));
    expect(written).toContain('<h1>This page could not be found</h1>');
  });
});
