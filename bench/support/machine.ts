/**
 * How fast this machine is, in the two units the benchmarks' CPU figures scale with. Machines of one kind differ by
 * up to two times in both (the same build measured 7.3 ms of CPU per chat message on one machine and 15.2 on
 * another), so a figure is compared with another machine's only next to these:
 *
 * - **compute**: CPU ms for a fixed piece of JavaScript of the kind a request or a render does (objects, JSON,
 *   strings, a Map, a regular expression) — the best of fifteen tries (the first ones run before V8 has optimised it);
 * - **wake-up**: CPU µs an idle process spends to answer one small message over loopback TCP (another process's,
 *   5 ms after the one before, as each hop of a chat message finds its process idle at 100 messages a second), and
 *   the same when the messages follow each other at once (hot). A chat message makes about fifteen such hops through
 *   the BFF, the backend and PostgreSQL; on a virtual machine most of a hop's cost is the wake-up, not the work.
 *
 * `npm run bench:machine` prints them alone; `bench:chat` and `bench:ssr` print them before their figures.
 */
import { spawn } from 'node:child_process';
import net from 'node:net';
import { pathToFileURL } from 'node:url';

export interface MachineFigures {
  /** CPU ms for the fixed piece of JavaScript (best of fifteen). */
  computeMs: number;
  /** CPU µs of the answering process per message when it was idle before it. */
  idleAnswerMicros: number;
  /** The same when messages follow each other at once. */
  hotAnswerMicros: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The fixed work: 200 cards built, serialised, parsed, searched and indexed, forty times. */
function computeOnce(): number {
  const started = process.cpuUsage();
  let checksum = 0;
  for (let round = 0; round < 40; round++) {
    const cards = Array.from({ length: 200 }, (_, i) => ({
      id: i + round,
      name: `member ${i}`,
      city: ['Amsterdam', 'Berlin', 'Roma', 'Paris'][i % 4],
      age: 18 + (i % 50),
      photos: [{ url: `/media/${i}.webp`, width: 320, height: 400 }],
      online: i % 3 === 0,
    }));
    const text = JSON.stringify(cards);
    const parsed = JSON.parse(text) as typeof cards;
    const byCity = new Map<string, number>();
    for (const card of parsed) byCity.set(card.city ?? '', (byCity.get(card.city ?? '') ?? 0) + card.age);
    checksum += text.replace(/member (\d+)/g, 'm$1').length + byCity.size;
  }
  const used = process.cpuUsage(started);
  if (checksum === 0) throw new Error('unreachable');
  return (used.user + used.system) / 1000;
}

/** An echo server in its own process that answers `cpu` with its own CPU time so far (µs). */
const ECHO_SERVER = `
const net = require('node:net');
const server = net.createServer((socket) => {
  socket.setNoDelay(true);
  socket.on('data', (data) => {
    if (data.toString() === 'cpu') { const u = process.cpuUsage(); socket.write(String(u.user + u.system)); }
    else socket.write(data);
  });
});
server.listen(0, '127.0.0.1', () => process.stdout.write(String(server.address().port) + '\\n'));
`;

async function answerCost(): Promise<{ idle: number; hot: number }> {
  const child = spawn(process.execPath, ['-e', ECHO_SERVER], { stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    const port = await new Promise<number>((resolve, reject) => {
      child.stdout.once('data', (d: Buffer) => resolve(Number(d.toString().trim())));
      child.once('exit', (code) => reject(new Error(`the echo server exited (code ${code})`)));
    });
    const socket = net.connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.setNoDelay(true);
    const ask = (text: string) =>
      new Promise<string>((resolve) => {
        socket.once('data', (d: Buffer) => resolve(d.toString()));
        socket.write(text);
      });
    const serverCpu = async () => Number(await ask('cpu'));
    // Warm both sides, then measure.
    for (let i = 0; i < 200; i++) await ask('x');
    const perAnswer = async (count: number, gapMs: number) => {
      const before = await serverCpu();
      for (let i = 0; i < count; i++) {
        if (gapMs > 0) await sleep(gapMs);
        await ask('x');
      }
      // The closing `cpu` question is one more answer.
      return ((await serverCpu()) - before) / (count + 1);
    };
    const hot = await perAnswer(3000, 0);
    const idle = await perAnswer(300, 5);
    socket.destroy();
    return { idle, hot };
  } finally {
    child.kill();
  }
}

export async function measureMachine(): Promise<MachineFigures> {
  const tries = Array.from({ length: 15 }, () => computeOnce());
  const { idle, hot } = await answerCost();
  return { computeMs: Math.min(...tries), idleAnswerMicros: idle, hotAnswerMicros: hot };
}

export function describeMachine(m: MachineFigures): string {
  return (
    `machine: compute ${m.computeMs.toFixed(1)} ms (fixed JavaScript, best of 15), ` +
    `answering one message over loopback ${m.idleAnswerMicros.toFixed(0)} µs of CPU when idle before it, ${m.hotAnswerMicros.toFixed(0)} µs hot ` +
    `(bench/support/machine.ts)`
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  for (let run = 0; run < Number(process.env.BENCH_RUNS ?? 1); run++) {
    process.stdout.write(`${describeMachine(await measureMachine())}\n`);
  }
}
