import { relative } from 'node:path';
import type { Reporter, TestModule, Vitest } from 'vitest/node';

/** How many of the slowest files the end of a run lists. */
const LISTED = 20;

/**
 * Ends a run with the slowest test files (their whole time in a worker: environment, imports, hooks and tests) and a
 * plain count line, `tests: N passed, N failed, N skipped`, that any reader of the log can take as the result.
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
    for (const module of modules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') failed++;
        else skipped++;
      }
      if (module.state() === 'failed' && !module.children.size) failed++;
    }
    lines.push('', `tests: ${passed} passed, ${failed} failed, ${skipped} skipped`, '');
    process.stdout.write(`${lines.join('\n')}\n`);
  }
}
