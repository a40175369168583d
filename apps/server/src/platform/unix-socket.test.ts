import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freeSocketPath } from './unix-socket.ts';

let dir: string | undefined;
let live: Server | undefined;
afterEach(() => {
  live?.close();
  live = undefined;
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const socketIn = () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'astro-socket-'));
  return path.join(dir, 'server.sock');
};

describe('freeing the socket path before listening', () => {
  it('does nothing when there is no file', async () => {
    const socketPath = socketIn();
    await freeSocketPath(socketPath);
    expect(existsSync(socketPath)).toBe(false);
  });

  it('removes a socket left by a process that was killed', async () => {
    const socketPath = socketIn();
    const killed = spawn(process.execPath, [
      '-e',
      `require('node:net').createServer().listen(${JSON.stringify(socketPath)}, () => process.kill(process.pid, 'SIGKILL'))`,
    ]);
    await new Promise((resolve) => killed.once('exit', resolve));
    expect(existsSync(socketPath)).toBe(true);
    await freeSocketPath(socketPath);
    expect(existsSync(socketPath)).toBe(false);
  });

  it('refuses a socket another process listens on, and leaves it', async () => {
    const socketPath = socketIn();
    live = createServer();
    await new Promise<void>((resolve) => live!.listen(socketPath, resolve));
    await expect(freeSocketPath(socketPath)).rejects.toThrow(
      `SOCKET_PATH: another process is listening on ${socketPath}`,
    );
    expect(existsSync(socketPath)).toBe(true);
  });

  it('refuses a file that is not a socket, and leaves it', async () => {
    const socketPath = socketIn();
    writeFileSync(socketPath, 'keep me');
    await expect(freeSocketPath(socketPath)).rejects.toThrow(
      `SOCKET_PATH: ${socketPath} exists and is not a socket; choose another path`,
    );
    expect(existsSync(socketPath)).toBe(true);
  });
});
