/**
 * The operator's shadow-read report: asks one or more BFFs for `GET /_ops/shadow` (with OPERATOR_TOKEN), merges the
 * reports (each BFF instance compares its own sample) and prints, per shadowed operation, how many requests were
 * compared, how many differed, the differing fields with examples, and the noise that was subtracted.
 *
 *   OPERATOR_TOKEN=… npx tsx scripts/shadow-report.ts http://bff-1:3000 http://bff-2:3000
 *   OPERATOR_TOKEN=… npx tsx scripts/shadow-report.ts --json http://localhost:3000     # the merged JSON
 *
 * Exit code: 0 when no operation shows a difference, 1 when one does, 2 when a BFF could not be asked.
 */
import type { ShadowOperationReport, ShadowReport } from '../src/bff/shadow';

function merge(reports: ShadowReport[]): ShadowOperationReport[] {
  const byRequest = new Map<string, ShadowOperationReport>();
  for (const report of reports) {
    for (const op of report.operations) {
      const known = byRequest.get(op.request);
      if (!known) {
        byRequest.set(op.request, structuredClone(op));
        continue;
      }
      known.requests += op.requests;
      known.identical += op.identical;
      known.different += op.different;
      known.errors += op.errors;
      known.dropped += op.dropped;
      for (const diff of op.differences) {
        const field = known.differences.find((d) => d.field === diff.field);
        if (field) {
          field.count += diff.count;
          field.noise += diff.noise;
          field.examples = [...field.examples, ...diff.examples].slice(0, 3);
        } else known.differences.push(structuredClone(diff));
      }
      for (const noise of op.noise) {
        const field = known.noise.find((n) => n.field === noise.field);
        if (field) field.count += noise.count;
        else known.noise.push({ ...noise });
      }
    }
  }
  return [...byRequest.values()].sort((a, b) => a.request.localeCompare(b.request));
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const asJson = args.includes('--json');
  const urls = args.filter((a) => !a.startsWith('--'));
  const token = process.env.OPERATOR_TOKEN;
  if (urls.length === 0 || !token) {
    process.stderr.write('usage: OPERATOR_TOKEN=… npx tsx scripts/shadow-report.ts [--json] <BFF URL>…\n');
    return 2;
  }
  const reports: ShadowReport[] = [];
  for (const url of urls) {
    try {
      const res = await fetch(`${url.replace(/\/+$/, '')}/_ops/shadow`, {
        headers: { authorization: `Bearer ${token}` },
        signal: AbortSignal.timeout(10_000),
      });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      reports.push((await res.json()) as ShadowReport);
    } catch (error) {
      process.stderr.write(`${url}: the shadow report could not be read (${error instanceof Error ? error.message : String(error)})\n`);
      return 2;
    }
  }
  const operations = merge(reports);
  if (asJson) {
    process.stdout.write(`${JSON.stringify({ operations }, null, 2)}\n`);
  } else if (operations.length === 0) {
    process.stdout.write('No shadow reads yet (is a shadow section in ROUTES_FILE, and has traffic reached it?)\n');
  } else {
    for (const op of operations) {
      const verdict =
        op.requests === 0 ? 'no comparison yet' : op.different === 0 ? 'matches' : `differs in ${op.different} of ${op.requests}`;
      process.stdout.write(
        `${op.operation} (${op.request}) ${op.primary} → ${op.candidate}: ${verdict}; compared ${op.requests}, errors ${op.errors}, dropped ${op.dropped}\n`,
      );
      for (const diff of op.differences) {
        const example = diff.examples[0];
        process.stdout.write(
          `  differs  ${diff.field}: ${diff.count}× (noise ${diff.noise}×)${example ? `  e.g. primary ${JSON.stringify(example.primary)} / candidate ${JSON.stringify(example.candidate)}` : ''}\n`,
        );
      }
      for (const noise of op.noise)
        process.stdout.write(`  noise    ${noise.field}: ${noise.count}× (the primary differs from itself; ignored)\n`);
    }
  }
  return operations.some((op) => op.different > 0) ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(2);
  },
);
