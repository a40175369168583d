import { readFileSync } from 'node:fs';

/** Resident memory of another process, in MiB, as the kernel reports it (Linux). */
export function processRssMiB(pid: number): number {
  const kib = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  return kib / 1024;
}
