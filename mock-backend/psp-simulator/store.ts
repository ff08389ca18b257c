import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Request } from 'express';
import type { State } from './types';

/**
 * The simulator's state: kept in memory and, with a state file, written through to JSON (a temporary file renamed
 * over the old one) so a restart keeps the payments. Creates honour `Idempotency-Key` per path.
 */
export interface Store {
  readonly state: State;
  save(): void;
  /** The resource an earlier request with the same Idempotency-Key created, if any. */
  replay<T>(req: Request, find: (id: string) => T | undefined): T | undefined;
  /** Remembers what this request created under its Idempotency-Key. */
  remember(req: Request, id: string): void;
}

function loadState(file: string | undefined): State {
  const empty: State = { payments: {}, refunds: {}, mandates: {}, idempotency: {} };
  if (!file) return empty;
  try {
    return { ...empty, ...(JSON.parse(readFileSync(file, 'utf8')) as Partial<State>) };
  } catch {
    return empty;
  }
}

export function createStore(stateFile: string | undefined): Store {
  const state = loadState(stateFile);
  return {
    state,
    save() {
      if (!stateFile) return;
      mkdirSync(path.dirname(stateFile), { recursive: true });
      const tmp = `${stateFile}.${process.pid}.tmp`;
      writeFileSync(tmp, JSON.stringify(state));
      renameSync(tmp, stateFile);
    },
    replay(req, find) {
      const key = req.get('idempotency-key');
      if (!key) return undefined;
      const id = state.idempotency[`${req.path}:${key}`];
      return id ? find(id) : undefined;
    },
    remember(req, id) {
      const key = req.get('idempotency-key');
      if (key) state.idempotency[`${req.path}:${key}`] = id;
    },
  };
}
