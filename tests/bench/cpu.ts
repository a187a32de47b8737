/**
 * Where a figure's CPU went: the server process, PostgreSQL's processes and this process (the load
 * generator), read from /proc before and after the load, per request served. On a machine where all
 * three share the cores, this is what says which of them a figure is waiting on.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

const ticksPerSecond = 100;

/** User plus system time of one process, in clock ticks; 0 once it has gone. */
function processTicks(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return Number(fields[11] ?? 0) + Number(fields[12] ?? 0);
  } catch {
    return 0;
  }
}

function postgresPids(): number[] {
  try {
    return execFileSync('pgrep', ['-x', 'postgres']).toString().trim().split('\n').map(Number);
  } catch {
    return [];
  }
}

export interface CpuShare {
  server: number;
  postgres: number;
  loadGenerator: number;
}

/** Runs `load` and returns, beside its result, the CPU microseconds each side spent per request. */
export async function cpuPerRequest<T extends { rps: number }>(
  serverPid: number | undefined,
  seconds: number,
  load: () => Promise<T>,
): Promise<T & { cpu: CpuShare }> {
  const postgresBefore = new Map(postgresPids().map((pid) => [pid, processTicks(pid)]));
  const serverBefore = serverPid === undefined ? 0 : processTicks(serverPid);
  const loadBefore = processTicks(process.pid);
  const figure = await load();
  // A backend that started during the load counts from zero; one that ended took its time with it (the pool keeps them).
  const postgres = postgresPids().reduce((sum, pid) => sum + processTicks(pid) - (postgresBefore.get(pid) ?? 0), 0);
  const requests = Math.max(1, figure.rps * seconds);
  const perRequest = (ticks: number) => Math.max(0, (ticks / ticksPerSecond / requests) * 1e6);
  return {
    ...figure,
    cpu: {
      server: serverPid === undefined ? 0 : perRequest(processTicks(serverPid) - serverBefore),
      postgres: perRequest(postgres),
      loadGenerator: perRequest(processTicks(process.pid) - loadBefore),
    },
  };
}

/** "CPU µs/request: server 320, PostgreSQL 140, load 70" */
export function cpuNote(cpu: CpuShare | undefined): string {
  if (cpu === undefined) return '';
  const us = (value: number) => value.toFixed(0);
  return `CPU µs/req: server ${us(cpu.server)}, PostgreSQL ${us(cpu.postgres)}, load ${us(cpu.loadGenerator)}`;
}
