// @vitest-environment jsdom
import { PassThrough } from 'node:stream';
import { act, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToPipeableStream } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { StreamedPageData } from './route-handle';
import { StreamedContent, StreamedDataProvider } from './streamed';

function Tree({ pending }: { pending?: Promise<StreamedPageData> }): ReactNode {
  return (
    <StreamedDataProvider pending={pending ?? null} streams>
      <main>
        <StreamedContent skeleton={<p>Skeleton</p>}>
          <p>Members</p>
        </StreamedContent>
      </main>
    </StreamedDataProvider>
  );
}

/** The server's first bytes of a streamed page whose data has not come yet: the shell with the skeleton. */
function shellWhileDataIsPending(): Promise<string> {
  return new Promise((resolve, reject) => {
    const out = new PassThrough();
    let html = '';
    out.on('data', (chunk: Buffer) => (html += chunk.toString()));
    const stream = renderToPipeableStream(<Tree pending={new Promise<StreamedPageData>(() => undefined)} />, {
      onShellReady() {
        stream.pipe(out);
        // Not aborted: an abort would tell the browser to render the boundary itself.
        setTimeout(() => resolve(html), 20);
      },
      onShellError: reject,
      onError: () => undefined,
    });
  });
}

describe('streamed content', () => {
  it("When the shell hydrates while the streamed content is still on its way, then the waiting boundary is left to the server's content (before, the content rendered itself in the browser and fetched its data again)", async () => {
    const shell = await shellWhileDataIsPending();
    expect(shell).toContain('<!--$?-->');
    const container = document.createElement('div');
    container.innerHTML = shell.replace(/<script[\s\S]*?<\/script>/g, '');
    document.body.append(container);
    // The response is still streaming: the browser's document is loading (React leaves a waiting boundary alone only then).
    Object.defineProperty(document, 'readyState', { configurable: true, get: () => 'loading' });
    await act(async () => {
      hydrateRoot(container, <Tree />, { onRecoverableError: () => undefined });
    });
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(container.textContent).toContain('Skeleton');
    expect(container.textContent).not.toContain('Members');
    container.remove();
    Reflect.deleteProperty(document, 'readyState');
  });
});
