import { statSync } from 'node:fs';
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
 * The backend projects run without isolation, and a worker keeps its process (and every module it loaded) for the
 * next file only when that file, the head of the queue when it finishes, is of the same project; otherwise it ends
 * the process and starts another. So the light files come in runs of one project — backend, then PostgreSQL, then
 * the unit files, the component files, the isolated ones — and a process ends only where a heavy file or the next
 * project comes up.
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
    const light = RUNS.flatMap((project) => byWeight(files.filter((spec) => !isHeavy(spec) && runOf(spec) === project)));
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

/** The light files' runs, in queue order; a project not named here runs with the isolated files. */
const RUNS = ['backend', 'postgres', 'unit', 'dom', 'isolated'];

function runOf(spec: TestSpecification): string {
  return RUNS.includes(spec.project.name) ? spec.project.name : 'isolated';
}
