import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** The processes of a site started as `npm start` starts it: the BFF, its embedded backend and the PSP simulator. */
export interface SiteProcesses {
  bff: number[];
  backend: number[];
  psp: number[];
}

const TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;

/** The processes of the BFF's process group, told apart by their command line (compiled or from source). */
export function siteProcesses(groupPid: number): SiteProcesses {
  const pids = execFileSync('pgrep', ['-g', String(groupPid)])
    .toString()
    .trim()
    .split('\n')
    .map(Number);
  const out: SiteProcesses = { bff: [], backend: [], psp: [] };
  for (const pid of pids) {
    const cmd = procFile(pid, 'cmdline');
    if (/psp-simulator/.test(cmd)) out.psp.push(pid);
    else if (/mock-backend\/main\.ts|dist\/server\/backend\.js/.test(cmd)) out.backend.push(pid);
    else if (/src\/bff\/main\.ts|dist\/server\/bff\.js/.test(cmd)) out.bff.push(pid);
  }
  return out;
}

/** A /proc file of a process, empty when the process has gone meanwhile. */
function procFile(pid: number, name: string): string {
  try {
    return readFileSync(`/proc/${pid}/${name}`, 'utf8');
  } catch {
    return '';
  }
}

/** User + system CPU milliseconds of processes so far. */
export function cpuMs(pids: number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    const stat = procFile(pid, 'stat');
    if (!stat) continue;
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    ticks += Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14 and 15 of the whole line)
  }
  return (ticks / TICKS_PER_SECOND) * 1000;
}

/** Resident memory (VmRSS) of processes, MiB. */
export function rssMiB(pids: number[]): number {
  let kib = 0;
  for (const pid of pids) kib += Number(/VmRSS:\s+(\d+)/.exec(procFile(pid, 'status'))?.[1] ?? 0);
  return Math.round(kib / 1024);
}

/** `BFF 142 MiB, backend 318 MiB, PSP simulator 61 MiB`. */
export function memoryLine(procs: SiteProcesses): string {
  return `BFF ${rssMiB(procs.bff)} MiB, backend ${rssMiB(procs.backend)} MiB, PSP simulator ${rssMiB(procs.psp)} MiB`;
}

/**
 * Waits until memory has settled — the start's own garbage (the demo seed's, on a new database) is collected some
 * seconds after the work ends: readings every 2 s until three in a row move less than 2 MiB in every process (90 s at
 * most).
 */
export async function settle(procs: SiteProcesses): Promise<void> {
  const read = () => [rssMiB(procs.bff), rssMiB(procs.backend), rssMiB(procs.psp)];
  let last = read();
  for (let calm = 0, waited = 0; calm < 3 && waited < 90_000; waited += 2_000) {
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const now = read();
    calm = now.every((v, i) => Math.abs(v - (last[i] as number)) < 2) ? calm + 1 : 0;
    last = now;
  }
}

/** Builds dist/server from the current sources (about a second), so a bench measures the code as it is. */
export function buildServer(root: string): void {
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build-server.ts'], { cwd: root, stdio: 'ignore' });
}
