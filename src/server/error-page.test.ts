import { ServerResponse, IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { errorPageHtml, sendErrorPage } from './error-page';

describe('the static error page', () => {
  it('When it is written, then it shows the status, the escaped text and the way home in the given language', () => {
    const html = errorPageHtml({ status: 413, message: 'Te <groot>', locale: 'nl' });
    expect(html).toContain('<html lang="nl">');
    expect(html).toContain('<title>413 Te &lt;groot&gt;</title>');
    expect(html).toContain('<p class="code">413</p><h1>Te &lt;groot&gt;</h1>');
    expect(html).toContain('<a href="/">Back to the home page</a>');
    expect(html).not.toContain('<script');
  });

  it('When no text or language is given, then it says Error in English', () => {
    const html = errorPageHtml({ status: 500 });
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<h1>Error</h1>');
  });

  it('When it is sent, then the status and headers say a page that is never cached', () => {
    const res = new ServerResponse(new IncomingMessage(new Socket()));
    let written = '';
    res.end = ((chunk: string) => {
      written = chunk;
      return res;
    }) as typeof res.end;
    sendErrorPage(res, { status: 404, message: 'This page could not be found' });
    expect(res.statusCode).toBe(404);
    expect(res.getHeader('content-type')).toBe('text/html; charset=utf-8');
    expect(res.getHeader('cache-control')).toBe('private, no-store');
    expect(res.getHeader('content-length')).toBe(Buffer.byteLength(written));
    expect(written).toContain('<h1>This page could not be found</h1>');
  });
});
