import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import type { BffApp } from '../../src/bff/app';
import { lazyChunksFromManifest, lazyStylesFromManifest } from '../../src/bff/assets';
import type { RouteHandle } from '../../src/client/app/route-handle';
import { routes } from '../../src/client/app/routes';
import { makeApp } from './helpers';

let app: BffApp | undefined;
afterEach(() => app?.dispose());

const source = () => `console.info(${JSON.stringify('x'.repeat(4000))});`;
const js = source;

/** A build directory as `npm run build` leaves it: a hashed script with its .br/.gz twins and a hidden source map. */
function builtDist(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'bff-static-'));
  mkdirSync(path.join(dir, '.vite'));
  writeFileSync(
    path.join(dir, '.vite', 'manifest.json'),
    JSON.stringify({ 'src/client/entry-client.tsx': { file: 'assets/entry-abc.js' } }),
  );
  mkdirSync(path.join(dir, 'assets'));
  const js = source();
  writeFileSync(path.join(dir, 'assets', 'entry-abc.js'), js);
  writeFileSync(path.join(dir, 'assets', 'entry-abc.js.br'), brotliCompressSync(js));
  writeFileSync(path.join(dir, 'assets', 'entry-abc.js.gz'), gzipSync(js));
  writeFileSync(path.join(dir, 'assets', 'entry-abc.js.map'), '{"version":3}');
  return dir;
}

const binary = (res: request.Response, cb: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
};

describe('static assets', () => {
  it('When a browser asks for a hashed script, then it gets the file compressed at build (brotli first, else gzip) with a year of immutable cache', async () => {
    app = makeApp('http://127.0.0.1:9', { env: { DIST_DIR: builtDist() } });
    const br = await request(app).get('/assets/entry-abc.js').set('Accept-Encoding', 'gzip, deflate, br').buffer(true).parse(binary);
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['content-type']).toMatch(/javascript/);
    // The body is the .br file itself (supertest decodes it for reading): its length is that of the precompressed file.
    expect(Number(br.headers['content-length'])).toBe(brotliCompressSync(js()).length);
    expect((br.body as Buffer).toString()).toContain('console.info');

    const gz = await request(app).get('/assets/entry-abc.js').set('Accept-Encoding', 'gzip').buffer(true).parse(binary);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(Number(gz.headers['content-length'])).toBe(gzipSync(js()).length);
    expect((gz.body as Buffer).toString()).toContain('console.info');

    const plain = await request(app).get('/assets/entry-abc.js').set('Accept-Encoding', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.text).toContain('console.info');
  });

  it('When anyone asks for a source map or a compressed twin by name, or a missing asset, then 404 (no public source)', async () => {
    app = makeApp('http://127.0.0.1:9', { env: { DIST_DIR: builtDist() } });
    for (const name of ['entry-abc.js.map', 'entry-abc.js.br', 'entry-abc.js.gz', 'missing-123.js']) {
      const res = await request(app).get(`/assets/${name}`).set('Accept', 'text/html');
      expect(res.status, name).toBe(404);
      expect(res.text).toBe('Not found');
    }
  });

  it("When the build lists compiled catalogues, then the renderer gets each locale's URL and file, and the file is served like any asset", async () => {
    const dist = builtDist();
    writeFileSync(path.join(dist, '.vite', 'messages.json'), JSON.stringify({ nl: 'assets/messages-nl-x1.json' }));
    writeFileSync(path.join(dist, 'assets', 'messages-nl-x1.json'), '{"members.title":[{"type":0,"value":"Leden"}]}');
    const calls: Array<{ assets: unknown }> = [];
    app = makeApp('http://127.0.0.1:9', {
      env: { DIST_DIR: dist },
      render: async (req, res) => {
        calls.push(req);
        res.end('ok');
      },
    });
    await request(app).get('/').set('Accept', 'text/html');
    expect(calls[0]?.assets).toMatchObject({
      messages: { nl: { url: '/assets/messages-nl-x1.json', file: path.join(dist, 'assets', 'messages-nl-x1.json') } },
    });
    const file = await request(app).get('/assets/messages-nl-x1.json');
    expect(file.status).toBe(200);
    expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(file.body).toEqual({ 'members.title': [{ type: 0, value: 'Leden' }] });
  });

  it('When the manifest has lazy pages, then each maps to its chunk and the imports the entry does not already load', () => {
    const chunks = lazyChunksFromManifest({
      'src/client/entry-client.tsx': { file: 'assets/entry.js', imports: ['_shared.js'] },
      '_shared.js': { file: 'assets/shared.js' },
      '_card.js': { file: 'assets/card.js', imports: ['_shared.js'] },
      'src/client/app/pages/members-page.tsx': {
        file: 'assets/members-page.js',
        isDynamicEntry: true,
        imports: ['src/client/entry-client.tsx', '_card.js'],
      },
    });
    expect(chunks).toEqual({ 'src/client/app/pages/members-page': ['/assets/members-page.js', '/assets/card.js'] });
    // The route table names each page by the same key: the server finds the members route's chunk under it.
    const members = routes[0]?.children?.find((route) => route.path === 'members');
    expect((members?.handle as RouteHandle | undefined)?.module).toBe('src/client/app/pages/members-page');
  });

  it("When a lazy page's chunk or its imports carry CSS, then the page maps to those stylesheets, not to the entry's", () => {
    const styles = lazyStylesFromManifest({
      'src/client/entry-client.tsx': { file: 'assets/entry.js', css: ['assets/entry.css'], imports: ['_shared.js'] },
      '_shared.js': { file: 'assets/shared.js' },
      '_likes.js': { file: 'assets/likes.js', css: ['assets/likes.css'], imports: ['_shared.js'] },
      'src/client/app/pages/profile-page.tsx': {
        file: 'assets/profile-page.js',
        css: ['assets/profile.css'],
        isDynamicEntry: true,
        imports: ['src/client/entry-client.tsx', '_likes.js'],
      },
      'src/client/app/pages/login-page.tsx': { file: 'assets/login-page.js', isDynamicEntry: true, imports: ['_shared.js'] },
    });
    expect(styles).toEqual({
      'src/client/app/pages/profile-page': ['/assets/profile.css', '/assets/likes.css'],
      'src/client/app/pages/login-page': [],
    });
  });
});
