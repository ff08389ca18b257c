import type { ServerResponse } from 'node:http';
import { endWhole } from '../shared/whole-answer';

/** What React's `pipe()` uses of its destination (react-dom/server's node build). */
export interface PipeDestination {
  write(chunk: Uint8Array | string): boolean;
  flush(): void;
  end(): void;
  destroy(error?: Error): void;
  on(event: string, listener: (...args: unknown[]) => void): PipeDestination;
}

/**
 * The response as React's stream destination, written once per flush instead of once per 4 KiB.
 *
 * React hands its output over in views of 4 KiB and calls `flush()` when it has written all it has ready (the shell,
 * then each streamed part). Written as they come, a 70 KiB member list is about twenty writes, each a round of the
 * compressor on the thread pool and a write to the socket; compressing in 16 KiB pieces instead of 2–4 KiB costs less
 * than half the CPU for the same bytes (docs/benchmarks.md). Here the pieces wait until React flushes, then go to the
 * response as one write followed by the response's own flush (the compressor's, when the answer is compressed; none
 * when React had nothing new), so what the browser receives and when is unchanged. React does not reuse a view it has
 * written, so holding them is safe.
 *
 * A page React renders whole — its first flush followed at once by its end, as every page whose data came before the
 * render is — is compressed in one go and sent with its length: one write instead of the compressor's two rounds on
 * the thread pool and the chunked answer's three writes (whole-answer.ts).
 * Always answers `true`: what waits is at most the part React has ready, which it already holds in memory.
 */
export function flushBatches(res: ServerResponse & { flush?: () => void }): PipeDestination {
  let pending: Uint8Array[] = [];
  let size = 0;
  /** Nothing has gone to the response yet. */
  let first = true;
  /** React's first flush waits for the end of its turn: an end in the same turn makes the page whole. */
  let flushQueued = false;
  const take = (): Uint8Array => {
    const one = pending.length === 1 ? (pending[0] as Uint8Array) : Buffer.concat(pending, size);
    pending = [];
    size = 0;
    return one;
  };
  /** Writes what waits; false when nothing did. */
  const writePending = (): boolean => {
    if (size === 0) return false;
    first = false;
    res.write(take());
    return true;
  };
  const flushNow = () => {
    flushQueued = false;
    // React also flushes when it had nothing to add; an empty compressor flush would still send a few bytes.
    if (writePending() && typeof res.flush === 'function') res.flush();
  };
  const destination: PipeDestination = {
    write(chunk) {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      pending.push(bytes);
      size += bytes.byteLength;
      return true;
    },
    flush() {
      if (!first) return flushNow();
      if (flushQueued) return;
      flushQueued = true;
      queueMicrotask(() => {
        if (flushQueued) flushNow();
      });
    },
    end() {
      flushQueued = false;
      if (first && !res.headersSent) return endWhole(res, take());
      writePending();
      res.end();
    },
    destroy(error) {
      flushQueued = false;
      pending = [];
      size = 0;
      res.destroy(error);
    },
    on(event, listener) {
      res.on(event, listener);
      return destination;
    },
  };
  return destination;
}
