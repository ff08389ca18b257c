import { openSync, readSync, closeSync, statSync } from 'node:fs';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The order in which one run hands its files to the workers.
 *
 * Every project runs in one group (vitest.config.ts), so the browser and two-instance files share the workers with
 * the rest instead of running one by one after everything else. They are "heavy": a whole site, Chromium or four
 * processes each, and much of their time is waiting (a cron minute, a pop-up's delay, a settling payment). Spread
 * evenly through the queue, about one of them runs at any time beside the light files, so the waits overlap with work
 * and two browsers rarely compete for the two cores. Within each kind the longest go first (the duration of the last
 * run when the cache has it, else the file's size), so no long file starts last.
 *
 * The light files are the node projects, which run without isolation: a worker keeps its process (and every module
 * it loaded) for the next file only when that file, the head of the queue when it finishes, is of the same project
 * and test environment (Vitest's pool compares them); otherwise it ends the process and starts another. So the light
 * files come in runs of one kind — backend, then PostgreSQL, then jsdom, then plain node unit files — and a process
 * is ended only where a heavy file or the next kind comes up, instead of at almost every file.
 */
export default class SuiteOrder extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const weight = (spec: TestSpecification): number => {
      const key = `${spec.project.name}:${spec.moduleId.slice(this.ctx.config.root.length + 1)}`;
      const duration = this.ctx.cache.getFileTestResults(key)?.duration;
      // Bytes stand in for milliseconds when the cache is empty (a fresh clone, as in CI): a long file is a big one.
      return duration ?? statSync(spec.moduleId, { throwIfNoEntry: false })?.size ?? 0;
    };
    const byWeight = (list: TestSpecification[]) =>
      list.map((spec) => ({ spec, weight: weight(spec) })).sort((a, b) => b.weight - a.weight);
    const heavy = byWeight(files.filter(isHeavy));
    const light = byKind(files.filter((spec) => !isHeavy(spec))).flatMap(byWeight);
    if (heavy.length === 0 || light.length === 0) return [...heavy, ...light].map(({ spec }) => spec);
    const perHeavy = light.length / heavy.length;
    const order: TestSpecification[] = [];
    let taken = 0;
    heavy.forEach(({ spec }, index) => {
      order.push(spec);
      const until = Math.round((index + 1) * perHeavy);
      for (; taken < until; taken++) order.push(light[taken]!.spec);
    });
    for (; taken < light.length; taken++) order.push(light[taken]!.spec);
    return order;
  }
}

function isHeavy(spec: TestSpecification): boolean {
  return spec.project.name === 'e2e' || spec.project.name === 'instances';
}

/** The kinds a worker process can go on with: project and environment; the projects in the order of vitest.config.ts. */
function byKind(files: TestSpecification[]): TestSpecification[][] {
  const kinds = new Map<string, TestSpecification[]>();
  for (const spec of files) {
    const kind = `${spec.project.name}:${environmentOf(spec.moduleId)}`;
    kinds.set(kind, [...(kinds.get(kind) ?? []), spec]);
  }
  const projects = ['backend', 'postgres', 'unit'];
  const rank = (kind: string) => {
    const [project = '', environment] = kind.split(':');
    return projects.indexOf(project) * 2 + (environment === 'node' ? 1 : 0);
  };
  return [...kinds.entries()].sort(([a], [b]) => rank(a) - rank(b)).map(([, specs]) => specs);
}

/** The file's own environment (a `@vitest-environment` comment in its head), or the projects' `node`. */
function environmentOf(file: string): string {
  const head = Buffer.alloc(512);
  const fd = openSync(file, 'r');
  try {
    const read = readSync(fd, head, 0, head.length, 0);
    return /@vitest-environment\s+([\w-]+)/.exec(head.subarray(0, read).toString('utf8'))?.[1] ?? 'node';
  } finally {
    closeSync(fd);
  }
}
