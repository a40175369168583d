import { type ChildProcess, spawn } from 'node:child_process';

/**
 * Starts one of the benchmarks' server scripts in its own process (they print one JSON line with
 * their port once they listen); answers the process and the server's base address.
 * BENCH_CPU_PROF=<folder> writes the server's CPU profile there when it stops (node --cpu-prof).
 */
export async function startBenchServer(
  script: string,
  env: Record<string, string>,
): Promise<{ child: ChildProcess; base: string }> {
  const profile = process.env.BENCH_CPU_PROF;
  const profiling = profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : [];
  const child = spawn(process.execPath, [...profiling, '--import', 'tsx', script], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const base = await new Promise<string>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error('bench server did not start')), 90_000);
    child.stdout!.on('data', (data: Buffer) => {
      output += data.toString();
      const line = output.split('\n').find((l) => l.startsWith('{'));
      if (line) {
        clearTimeout(timer);
        resolve(`http://127.0.0.1:${JSON.parse(line).port}`);
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`bench server exited with ${code}`));
    });
  });
  return { child, base };
}
