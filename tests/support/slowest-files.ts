import { relative } from 'node:path';
import type { Reporter, TestModule, Vitest } from 'vitest/node';

/** How many of the slowest files the end of a run lists. */
const LISTED = 20;

/**
 * Ends a run with the slowest test files (their whole time in a worker: environment, imports, hooks and tests) and a
 * plain count line, `tests: N passed, N failed, N skipped`, that any reader of the log can take as the result,
 * followed by each failed test with the first line of its error: a log cut to its tail still names what failed.
 */
export default class SlowestFiles implements Reporter {
  private root = process.cwd();

  onInit(vitest: Vitest): void {
    this.root = vitest.config.root;
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const rows = modules.map((module) => {
      const d = module.diagnostic();
      const total = d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration + d.duration;
      return { name: `${module.project.name} ${relative(this.root, module.moduleId)}`, total, tests: d.duration };
    });
    rows.sort((a, b) => b.total - a.total);
    const seconds = (ms: number) => (ms / 1000).toFixed(1).padStart(6);
    const lines = [`\nThe ${Math.min(LISTED, rows.length)} slowest test files (seconds in a worker, of which tests and hooks):`];
    for (const row of rows.slice(0, LISTED)) lines.push(`${seconds(row.total)} ${seconds(row.tests)}  ${row.name}`);
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    const failures: string[] = [];
    const firstLine = (errors: ReadonlyArray<{ message?: string }> | undefined) =>
      (errors?.[0]?.message ?? '').split('\n', 1)[0]?.slice(0, 300) ?? '';
    for (const module of modules) {
      const file = `${module.project.name} ${relative(this.root, module.moduleId)}`;
      for (const test of module.children.allTests()) {
        const result = test.result();
        if (result.state === 'passed') passed++;
        else if (result.state === 'failed') {
          failed++;
          failures.push(`FAILED ${file} > ${test.fullName}\n       ${firstLine(result.errors)}`);
        } else skipped++;
      }
      // A file fails without a failed test when it does not load or a hook throws.
      if (module.state() === 'failed' && !failures.some((line) => line.startsWith(`FAILED ${file}`))) {
        failed++;
        failures.push(`FAILED ${file}\n       ${firstLine(module.errors())}`);
      }
    }
    lines.push('', `tests: ${passed} passed, ${failed} failed, ${skipped} skipped`, ...failures, '');
    process.stdout.write(`${lines.join('\n')}\n`);
  }
}
