/**
 * The real app in a process of its own, started as production starts it (`npm run serve`: node with that
 * script's flags on the built server bundle, `dist/server/start.mjs`, so `npm run build` first), and its
 * memory read from Linux's /proc: the resident set now and its peak since a reset.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export interface ChildServer {
  readonly pid: number;
  /** `http://127.0.0.1:<port>` */
  readonly url: string;
  /** The resident set now (VmRSS), in bytes. */
  rss(): number;
  /** The resident set's peak (VmHWM) since the start or the last `resetPeak()`, in bytes. */
  peak(): number;
  /** CPU time used so far (user + system, every thread: zlib's work in the thread pool too), seconds. */
  cpuSeconds(): number;
  /** Resets the peak to the resident set now (`5` into /proc/<pid>/clear_refs); false if refused. */
  resetPeak(): boolean;
  /** SIGTERM, as a supervisor stops it; resolves when it has exited. */
  stop(): Promise<void>;
}

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Linux's USER_HZ, 100 on every mainstream architecture. */
const TICKS = 100;

const statusKb = (pid: number, field: 'VmRSS' | 'VmHWM') => {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!match) throw new Error(`no ${field} in /proc/${pid}/status`);
  return Number(match[1]) * 1024;
};

/** The node arguments of package.json's `serve` script (`node <flags> dist/server/start.mjs`). */
export function serveArguments(): string[] {
  const { scripts } = JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as {
    scripts: Record<string, string>;
  };
  const [command, ...args] = (scripts.serve ?? '').split(/\s+/);
  if (command !== 'node' || args.length === 0) throw new Error(`unexpected serve script: ${scripts.serve}`);
  const bundle = args.at(-1)!;
  if (!existsSync(`${root}${bundle}`)) throw new Error(`${bundle} is missing: run \`npm run build\` first`);
  return args;
}

/**
 * Starts the server with `env` added to this process's environment (by default as `npm run serve` does;
 * `args` to run it otherwise, e.g. `['--import', 'tsx', 'bin/start.ts']` as `npm start`); resolves once
 * it listens.
 */
export async function startChildServer(
  env: Record<string, string>,
  args: readonly string[] = serveArguments(),
): Promise<ChildServer> {
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const pid = child.pid;
  if (pid === undefined) throw new Error('the server did not start');
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match) {
        child.stdout?.off('data', onData);
        // Whatever it logs later (warnings) goes to the bench's stderr, not among the figures.
        child.stdout?.pipe(process.stderr);
        resolve(match[1]!);
      }
    };
    child.stdout?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`the server exited (${code}): ${output}`)));
  });
  return {
    pid,
    url,
    rss: () => statusKb(pid, 'VmRSS'),
    peak: () => statusKb(pid, 'VmHWM'),
    cpuSeconds() {
      // Fields 14 and 15 of /proc/<pid>/stat (after the command's closing parenthesis), in clock ticks.
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return (Number(fields[11]) + Number(fields[12])) / TICKS;
    },
    resetPeak() {
      try {
        writeFileSync(`/proc/${pid}/clear_refs`, '5');
        return true;
      } catch {
        return false;
      }
    },
    async stop() {
      if (child.exitCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    },
  };
}
