import { readFileSync } from 'node:fs';

/** Resident memory of another process, in MiB, as the kernel reports it (Linux). */
export function processRssMiB(pid: number): number {
  const kib = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  return kib / 1024;
}

// /proc/<pid>/stat counts CPU time in clock ticks, which are 1/100 s on Linux.
const TICK_MS = 10;

/** CPU time (user + system) another process has used so far, in milliseconds (Linux). */
export function processCpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the parenthesised command name, which may itself hold spaces.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}
