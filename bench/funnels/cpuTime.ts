/**
 * CPU time spent by this process and by the PostgreSQL backends serving a database, between two
 * readings (Linux: /proc/<pid>/stat, utime + stime in clock ticks of 10 ms). On a machine whose cores are
 * shared with other work, a busy event loop may be waiting for a core rather than working: these say
 * how much work one command really costs.
 */
import { readFile } from 'node:fs/promises';
import type { Knex } from 'knex';

const TICK_MS = 10;

async function ticksOf(pid: number): Promise<number | undefined> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14 and 15 of the line)
  } catch {
    return undefined; // gone, or not Linux
  }
}

async function backendTicks(knex: Knex, database: string): Promise<Map<number, number>> {
  const { rows } = await knex.raw('SELECT pid FROM pg_stat_activity WHERE datname = ?', [database]);
  const ticks = new Map<number, number>();
  for (const { pid } of rows as { pid: number }[]) {
    const t = await ticksOf(pid);
    if (t !== undefined) ticks.set(pid, t);
  }
  return ticks;
}

export async function startCpuTime(knex: Knex, database: string) {
  const app = process.cpuUsage();
  const before = await backendTicks(knex, database);
  return {
    /** Milliseconds of CPU: this process, and the database's backends (those seen at the end). */
    async stop(): Promise<{ appMs: number; databaseMs: number }> {
      const used = process.cpuUsage(app);
      const after = await backendTicks(knex, database);
      let ticks = 0;
      for (const [pid, t] of after) ticks += t - (before.get(pid) ?? 0);
      return { appMs: (used.user + used.system) / 1000, databaseMs: ticks * TICK_MS };
    },
  };
}
