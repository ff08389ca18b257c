import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Sources the compiled servers are built from (`npm run build`, scripts/build-server.ts). */
const SERVER_SOURCES = ['src', 'mock-backend', 'locales', 'openapi.yaml', 'scripts'];

/** Each process's source entry and the file `npm run build` compiles it to. */
const COMPILED: Readonly<Record<string, string>> = {
  'src/bff/main.ts': 'dist/server/bff.js',
  'mock-backend/main.ts': 'dist/server/backend.js',
  'mock-backend/psp-simulator/main.ts': 'dist/server/psp-simulator.js',
};

/** Whether `dist/server/bff.js` exists and is newer than every file of the sources it is built from. */
export function serverBuildIsCurrent(): boolean {
  let built: number;
  try {
    built = statSync('dist/server/bff.js').mtimeMs;
  } catch {
    return false;
  }
  const newerThanBuild = (path: string): boolean => {
    const info = statSync(path, { throwIfNoEntry: false });
    if (!info) return false;
    if (!info.isDirectory()) return info.mtimeMs > built;
    return readdirSync(path).some((name) => name !== 'node_modules' && newerThanBuild(join(path, name)));
  };
  return !SERVER_SOURCES.some(newerThanBuild);
}

/**
 * The node arguments that start a server entry: its compiled file when the build is current (as `npm start` runs
 * it, and a third of the CPU of a start through tsx, which compiles every module first), else the source through tsx.
 */
export function nodeArgsFor(entry: string, compiled = serverBuildIsCurrent()): string[] {
  const built = COMPILED[entry];
  return compiled && built ? [built] : ['--import', 'tsx', entry];
}
