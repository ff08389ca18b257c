import { statSync } from 'node:fs';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The order in which one run hands its files to the workers.
 *
 * Every project runs in one group of workers (vitest.config.ts). A worker runs file after file in one process as long
 * as the next file it takes, the head of the queue, is of the same project; a file of another project ends the process
 * and the next one starts anew. For the backend projects a new process costs about 2.6 CPU-s (the backend and its
 * libraries loaded, the contract's request schemas compiled again on first use), so the queue keeps each project's
 * files together instead of spreading the heavy files (a whole site with Chromium, or four processes, each) through
 * it, which ended a backend process for every heavy file it took:
 *
 * 1. the two-instance file that waits longest (two cron minutes) first, so its waiting overlaps the backend files' work;
 * 2. the backend files on PGlite, then on PostgreSQL (their CPU-bound work fills both cores);
 * 3. the other two-instance files, then the browser files, one after another on every worker (three sites and three
 *    browsers at a time; their waits — a pop-up's delay, a settling payment — overlap each other's work), in a process
 *    each worker keeps from file to file;
 * 4. the unit, component and isolated files, short ones that end the run evenly.
 *
 * Within each kind the longest go first (the duration of the last run when the cache has it, else the file's size), so
 * no long file starts last.
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
      list
        .map((spec) => ({ spec, weight: weight(spec) }))
        .sort((a, b) => b.weight - a.weight)
        .map(({ spec }) => spec);
    const of = (project: string) => byWeight(files.filter((spec) => runOf(spec) === project));
    const [longestInstances, ...instances] = of('instances');
    return [
      ...(longestInstances ? [longestInstances] : []),
      ...of('backend'),
      ...of('postgres'),
      ...instances,
      ...of('e2e'),
      ...of('unit'),
      ...of('dom'),
      ...of('isolated'),
    ];
  }
}

/** The projects in queue order; a project not named here runs with the isolated files. */
const RUNS = ['instances', 'backend', 'postgres', 'e2e', 'unit', 'dom', 'isolated'];

function runOf(spec: TestSpecification): string {
  return RUNS.includes(spec.project.name) ? spec.project.name : 'isolated';
}
