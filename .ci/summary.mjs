// Prints vitest's totals as one plain line ("N passed, N failed, N skipped") for CI logs.
import { existsSync, readFileSync } from 'node:fs';

const file = process.argv[2] ?? 'test-artifacts/vitest.json';
if (!existsSync(file)) {
  process.stdout.write('tests: 0 passed, 1 failed (vitest wrote no report)\n');
  process.exit(0);
}
const r = JSON.parse(readFileSync(file, 'utf8'));
const skipped = r.numPendingTests + r.numTodoTests;
process.stdout.write(
  `tests: ${r.numPassedTests} passed, ${r.numFailedTests} failed, ${skipped} skipped\n`,
);
