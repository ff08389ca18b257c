/**
 * Traces cost nothing when they are off: without an OTLP endpoint in the environment neither the BFF nor the backend
 * loads the tracing module (src/shared/tracing.ts) or any OpenTelemetry package. From the sources: the module is
 * mocked here, and its factory runs only if something imports it. From the compiled server: the BFF's and the
 * backend's bundles import no OpenTelemetry package at their start; the SDK is a bundle of its own they `import()`.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { serverBuildIsCurrent } from '../support/server-build';

const loads = vi.hoisted(() => ({ count: 0 }));

vi.mock('../../src/shared/tracing', () => {
  loads.count += 1;
  const noop = () => Promise.resolve();
  return {
    startOtlpTracing: () => ({
      serve: (_service: unknown, _req: unknown, _res: unknown, next: () => void) => next(),
      backendCall: (_info: unknown, run: (headers: Record<string, string>) => Promise<unknown>) => run({}),
      statement: (_dialect: unknown, _statement: unknown, run: () => Promise<unknown>) => run(),
      job: (_name: unknown, _id: unknown, _attempt: unknown, run: () => Promise<unknown>) => run(),
      logFields: () => ({}),
      flush: noop,
      shutdown: noop,
    }),
  };
});

const { activeTracing, startTracing, stopTracing } = await import('../../src/shared/trace-hooks');

afterEach(async () => {
  await stopTracing();
});

describe('tracing off', () => {
  it('When no OTEL variable is set, then the BFF and the backend start without loading the tracing module', async () => {
    // Their whole module graphs: the apps, the BFF's backend client, the database adapter, the jobs, the loggers.
    await import('../../src/bff/app');
    await import('../../mock-backend/app');
    await import('../../mock-backend/lib/jobs');
    expect(await startTracing('bff', {})).toMatchObject({ enabled: false });
    expect(await startTracing('backend', { OTEL_SERVICE_NAME: 'site' })).toMatchObject({ enabled: false });
    expect(activeTracing()).toBeUndefined();
    expect(loads.count).toBe(0);
  });

  it('When an endpoint is set but OTEL_SDK_DISABLED=true or OTEL_TRACES_EXPORTER=none, then nothing is loaded either', async () => {
    const endpoint = { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318' };
    expect(await startTracing('bff', { ...endpoint, OTEL_SDK_DISABLED: 'true' })).toMatchObject({ enabled: false });
    expect(await startTracing('bff', { ...endpoint, OTEL_TRACES_EXPORTER: 'none' })).toMatchObject({ enabled: false });
    expect(loads.count).toBe(0);
  });

  it('When OTEL_EXPORTER_OTLP_ENDPOINT is set, then the tracing module is loaded and installed (so the check above can see a load)', async () => {
    expect(await startTracing('bff', { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318' })).toMatchObject({ enabled: true });
    expect(loads.count).toBe(1);
    expect(activeTracing()).toBeDefined();
  });
});

/** The specifiers a bundle imports when it is loaded (its top-level `import … from "…"` and `import "…"`). */
const staticImports = (code: string): string[] =>
  [...code.matchAll(/^import\s+(?:[^'"]*?\s+from\s+)?"([^"]+)";?$/gms)].map((match) => match[1] as string);

describe('the compiled server', () => {
  it('When the BFF or the backend bundle is loaded, then it imports no OpenTelemetry package; the tracing bundle, imported only when on, does', () => {
    // `npm test` builds first; a build older than the sources is made again here.
    if (!serverBuildIsCurrent() || !existsSync('dist/server/tracing.js')) {
      execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build-server.ts'], { stdio: 'ignore' });
    }
    for (const bundle of ['bff', 'backend']) {
      const code = readFileSync(`dist/server/${bundle}.js`, 'utf8');
      expect(
        staticImports(code).filter((s) => s.startsWith('@opentelemetry/')),
        bundle,
      ).toEqual([]);
      expect(code, bundle).toContain('import("./tracing.js")');
    }
    const tracing = staticImports(readFileSync('dist/server/tracing.js', 'utf8'));
    expect(tracing).toEqual(expect.arrayContaining(['@opentelemetry/api', '@opentelemetry/sdk-trace-base']));
  });
});
