import { createContext, Suspense, useContext, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Await } from 'react-router';
import { serializeJson } from '../lib/app-state';
import { mergePageData, PageDataContext, type PageData } from '../lib/page-data';
import type { StreamedPageData } from './route-handle';

/**
 * Streamed page data: on a route that can show a skeleton, the server sends the shell — head, top
 * navigation, the page's skeleton and the app state — as soon as the user is known, and the page's own data
 * follows in the same response: the content below the Suspense boundary of `<StreamedContent>` waits for it
 * (`use`), and React streams it in when it is there, together with a `<script id="__PAGE_DATA__">` holding that data
 * for hydration (answers and prefetch failures by key, as the app state carries them on other pages).
 *
 * In the browser the boundary hydrates from that script; afterwards (client navigation) nothing here suspends.
 */

/** Where a page's streamed data comes from: a promise on the server, the streamed script in the browser. */
interface StreamedSource {
  pending: Promise<StreamedPageData> | null;
  /** The page was streamed (the server's app state says so): its content sits in a Suspense boundary. */
  streams: boolean;
  /** Until the first render has committed (the server's render; in the browser, the hydration of the shell). */
  readonly initial: boolean;
  /** The first render has committed. */
  settle(): void;
  /** The data so far (kept for the page's life in the browser: the page and its live resources start from it). */
  current(): StreamedPageData;
  /** Takes in the data (the server's answer, or the streamed script's text read in the browser; idempotent). */
  receive(data: StreamedPageData | string): void;
}

function createSource(pending: Promise<StreamedPageData> | null, streams: boolean): StreamedSource {
  let data: StreamedPageData = { fallback: {}, errors: {} };
  let raw: string | null = null;
  let initial = true;
  return {
    pending,
    streams,
    get initial() {
      return initial;
    },
    settle() {
      initial = false;
    },
    current: () => data,
    receive(next) {
      if (typeof next === 'string') {
        if (raw === next) return;
        raw = next;
        const parsed = JSON.parse(next) as StreamedPageData;
        data = {
          fallback: { ...data.fallback, ...parsed.fallback },
          errors: { ...data.errors, ...parsed.errors },
          ...(parsed.failed || data.failed ? { failed: true as const } : {}),
        };
      } else data = next;
    },
  };
}

const PAGE_DATA_ID = '__PAGE_DATA__';

const StreamedContext = createContext<StreamedSource | null>(null);

/**
 * The route's streamed data on the server: the promise its loader handed on (page-route.tsx), which `<StreamedContent>`
 * awaits with `<Await>`. Null in the browser, where the data comes in the streamed script.
 */
export const StreamedPromiseContext = createContext<Promise<StreamedPageData> | null>(null);

/** Provides the page's streamed data (server: the promise of the page's loader; browser: none, read from the DOM). */
export function StreamedDataProvider({
  pending,
  streams,
  children,
}: {
  pending?: Promise<StreamedPageData> | null | undefined;
  streams: boolean;
  children: ReactNode;
}) {
  const [source] = useState<StreamedSource>(() => createSource(pending ?? null, streams));
  useEffect(() => source.settle(), [source]);
  return <StreamedContext value={source}>{children}</StreamedContext>;
}

const noSubscription = () => () => undefined;

/** True while React hydrates (the server's snapshot) and on the server, false in client renders after it. */
export function useHydrating(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => false,
    () => true,
  );
}

function PageData({ children }: { children: ReactNode }) {
  const source = useContext(StreamedContext);
  const pending = useContext(StreamedPromiseContext) ?? source?.pending ?? null;
  const hydrating = useHydrating();
  const outer = useContext(PageDataContext);
  if (!source) return children;
  if (pending) {
    // Server, streamed route: wait here (the skeleton is in the shell meanwhile).
    return (
      <Await resolve={pending}>
        {(data: StreamedPageData) => {
          source.receive(data);
          return (
            <PageDataView data={source.current()} script={serializeJson(data)} outer={outer}>
              {children}
            </PageDataView>
          );
        }}
      </Await>
    );
  }
  let script: string | null = null;
  if (hydrating && typeof document !== 'undefined') {
    const element = document.getElementById(PAGE_DATA_ID);
    if (element?.textContent) {
      script = element.textContent;
      source.receive(script);
    }
  }
  return (
    <PageDataView data={source.current()} script={script} outer={outer}>
      {children}
    </PageDataView>
  );
}

function PageDataView({
  data,
  script,
  outer,
  children,
}: {
  data: StreamedPageData;
  script: string | null;
  outer: PageData;
  children: ReactNode;
}) {
  const dataScript =
    script !== null ? <script id={PAGE_DATA_ID} type="application/json" dangerouslySetInnerHTML={{ __html: script }} /> : null;
  if (data.failed) {
    return (
      <>
        {dataScript}
        {/* Bootstrap's markup, not reactstrap's Alert: this module is in every page's entry (bench:bundle). */}
        <div className="alert alert-danger" role="alert" data-testid="page-data-failed">
          <FormattedMessage id="error.generic.later" defaultMessage="An error occurred, please try again later." />
        </div>
      </>
    );
  }
  return (
    <>
      {dataScript}
      <PageDataContext value={mergePageData(outer, data)}>{children}</PageDataContext>
    </>
  );
}

/**
 * The part of a page that needs its data, below a Suspense boundary whose fallback is the page's `skeleton`. Keep the
 * page's <Seo> outside, so its title and meta are in the shell.
 */
export function StreamedContent({ skeleton, children }: { skeleton: ReactNode; children: ReactNode }) {
  const source = useContext(StreamedContext);
  // A boundary only where the server streamed this page (the same tree in the browser's hydration); a page rendered
  // whole (bots, a page whose data the server awaited) or reached by client navigation has none: nothing suspends.
  // Decided once, without a hook that changes after hydration: a render of this component while its boundary still
  // waits for the streamed content would make React give up that content and render the page in the browser.
  const [wrap] = useState(() => source?.initial === true && source.streams);
  if (!wrap) return children;
  return (
    <Suspense fallback={skeleton}>
      <PageData>{children}</PageData>
    </Suspense>
  );
}
