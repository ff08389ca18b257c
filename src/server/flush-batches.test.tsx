import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import { PassThrough } from 'node:stream';
import { Suspense, use } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { flushBatches } from './flush-batches';

/** A response that records what reaches it: each write's text, and a marker at each flush and at the end. */
function recordingResponse() {
  const events: string[] = [];
  const res = Object.assign(new EventEmitter(), {
    write(chunk: Uint8Array) {
      events.push(Buffer.from(chunk).toString('utf8'));
      return true;
    },
    flush() {
      events.push('<flush>');
    },
    end() {
      events.push('<end>');
      res.emit('finish');
    },
    destroy(error?: Error) {
      events.push(`<destroy ${error?.message ?? ''}>`);
    },
  });
  return { res: res as unknown as ServerResponse, events };
}

/** A response as a page gets it before its first byte, with the request's Accept-Encoding; records what `end` sends. */
function wholeResponse(acceptEncoding: string | undefined) {
  const headers: Record<string, string | number> = { vary: 'Cookie' };
  const ends: Uint8Array[] = [];
  const res = Object.assign(new EventEmitter(), {
    req: { headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } },
    headersSent: false,
    getHeader: (name: string) => headers[name.toLowerCase()],
    setHeader: (name: string, value: string | number) => (headers[name.toLowerCase()] = value),
    write: () => {
      throw new Error('a whole page is not written in parts');
    },
    end: (body: Uint8Array) => ends.push(body),
  });
  return { res: res as unknown as ServerResponse, headers, ends };
}

function Cards({ data }: { data: Promise<string[]> }) {
  return (
    <ul>
      {use(data).map((name) => (
        <li key={name}>{name}</li>
      ))}
    </ul>
  );
}

/** A page of some 60 KiB: a shell, then a list streamed in once its data arrives. */
function Page({ data }: { data: Promise<string[]> }) {
  return (
    <html lang="en">
      <body>
        <h1>Members</h1>
        <Suspense fallback={<p>Loading…</p>}>
          <Cards data={data} />
        </Suspense>
      </body>
    </html>
  );
}

const names = Array.from({ length: 1800 }, (_, i) => `Member number ${i} of the list`);

/** Renders the page into `destination`, the list's data coming 20 ms after the shell; `atShell` runs before it comes. */
async function renderStreamed(destination: NodeJS.WritableStream, atShell: () => void = () => undefined): Promise<void> {
  let release: (value: string[]) => void = () => undefined;
  const data = new Promise<string[]>((resolve) => (release = resolve));
  const finished = new Promise<void>((resolve, reject) => {
    const pipeable = renderToPipeableStream(<Page data={data} />, {
      onShellReady: () => pipeable.pipe(destination),
      onShellError: reject,
    });
    destination.on('finish', () => resolve());
  });
  await new Promise((resolve) => setTimeout(resolve, 20));
  atShell();
  release(names);
  await finished;
}

describe('flushBatches', () => {
  it('When React streams a page, then each of its flushes reaches the response as one write followed by the response’s flush, with the same bytes as piping directly', async () => {
    const { res, events } = recordingResponse();
    let atShell: string[] = [];
    await renderStreamed(flushBatches(res) as unknown as NodeJS.WritableStream, () => (atShell = [...events]));
    // The shell went out, and was flushed, before the data came: streaming is unchanged.
    expect(atShell).toEqual([expect.stringContaining('<h1>Members</h1>'), '<flush>']);
    // The list (over 60 KiB, which React hands over as some twenty views) came as one write, then the end.
    expect(events).toEqual([atShell[0], '<flush>', expect.stringContaining('Member number 1799 of the list'), '<flush>', '<end>']);

    const direct = new PassThrough();
    const chunks: Buffer[] = [];
    direct.on('data', (chunk: Buffer) => chunks.push(chunk));
    await renderStreamed(direct);
    expect(chunks.length).toBeGreaterThan(10);
    const written = events.filter((event) => !event.startsWith('<flush>') && event !== '<end>').join('');
    expect(written.length).toBeGreaterThan(60_000);
    expect(written).toBe(Buffer.concat(chunks).toString('utf8'));
  });

  it('When the response is not compressed (no flush of its own), then a flush writes what waits, and a flush with nothing new writes nothing', async () => {
    const writes: string[] = [];
    const res = Object.assign(new EventEmitter(), {
      write: (chunk: Uint8Array) => writes.push(Buffer.from(chunk).toString('utf8')) > 0,
      end: () => writes.push('<end>'),
    }) as unknown as ServerResponse;
    const destination = flushBatches(res);
    expect(destination.write(new TextEncoder().encode('<p>a'))).toBe(true);
    expect(destination.write('</p>')).toBe(true);
    expect(writes).toEqual([]);
    destination.flush();
    destination.flush();
    // The first flush waits for the end of React's turn (a page could still turn out whole).
    expect(writes).toEqual([]);
    await Promise.resolve();
    expect(writes).toEqual(['<p>a</p>']);
    destination.flush();
    expect(writes).toEqual(['<p>a</p>']);
    destination.write('<p>b</p>');
    destination.end();
    expect(writes).toEqual(['<p>a</p>', '<p>b</p>', '<end>']);
  });

  it('When React renders a page whole (its first flush, then its end in the same turn), then the page goes out compressed at once with its length, in the encoding the browser prefers', async () => {
    for (const [acceptEncoding, encoding] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['br;q=0.5, gzip', 'gzip'],
      ['gzip', 'gzip'],
      ['identity', undefined],
      [undefined, undefined],
    ] as const) {
      const { res, headers, ends } = wholeResponse(acceptEncoding);
      const destination = flushBatches(res);
      await new Promise<void>((resolve, reject) => {
        const pipeable = renderToPipeableStream(<Page data={Promise.resolve(names)} />, {
          onAllReady: () => {
            pipeable.pipe(destination as unknown as NodeJS.WritableStream);
            resolve();
          },
          onShellError: reject,
        });
      });
      expect(ends, acceptEncoding).toHaveLength(1);
      const body = ends[0] as Buffer;
      expect(headers['content-encoding'], acceptEncoding).toBe(encoding);
      expect(headers['content-length'], acceptEncoding).toBe(body.byteLength);
      expect(headers.vary, acceptEncoding).toBe('Cookie, Accept-Encoding');
      const text = (encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body).toString('utf8');
      expect(text).toContain('Member number 1799 of the list');
      expect(text).toMatch(/^<!DOCTYPE html><html lang="en">.*<\/html>$/s);
      if (encoding) expect(body.byteLength).toBeLessThan(text.length / 5);
    }
  });

  it('When a whole page is small, then it goes out as it is, with its length', async () => {
    const { res, headers, ends } = wholeResponse('br, gzip');
    const destination = flushBatches(res);
    destination.write('<p>short</p>');
    destination.flush();
    destination.end();
    await Promise.resolve();
    expect(ends.map((body) => Buffer.from(body).toString('utf8'))).toEqual(['<p>short</p>']);
    expect(headers).toEqual({ vary: 'Cookie', 'content-length': 12 });
  });

  it('When the page is torn down, then what waited is dropped, the response destroyed with the reason, and a later flush sends nothing', () => {
    const { res, events } = recordingResponse();
    const destination = flushBatches(res);
    destination.write('<p>never sent</p>');
    destination.destroy(new Error('client went away'));
    destination.flush();
    expect(events).toEqual(['<destroy client went away>']);
  });
});
