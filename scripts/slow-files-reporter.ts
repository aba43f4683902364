// A vitest reporter that ends the run with its slowest test files (issue 8: CI prints them).
// SLOW_FILES sets how many (default 10).
import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

export default class SlowFilesReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const n = Number(process.env.SLOW_FILES || 10);
    const rows = modules
      .map((m) => ({ file: path.relative(process.cwd(), m.moduleId), ms: m.diagnostic().duration }))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, n);
    if (rows.length === 0) return;
    const total = modules.reduce((s, m) => s + m.diagnostic().duration, 0);
    const lines = rows.map((r) => `  ${(r.ms / 1000).toFixed(1).padStart(7)} s  ${r.file}`);
    process.stdout.write(`\nSlowest test files (of ${modules.length}, ${(total / 1000).toFixed(0)} s summed over workers):\n${lines.join('\n')}\n`);
  }
}
