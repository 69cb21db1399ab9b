import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './processes.ts';

const shippedVcl = fileURLToPath(new URL('../../deploy/varnish/verso.vcl', import.meta.url));

export interface RunningVarnish {
  url: string;
  port: number;
  /** The manager process; its worker child is its only child. */
  pid: number;
  stop(): Promise<void>;
}

/** The shipped VCL with its backend pointed at `backendPort` on loopback. */
export function vclFor(backendPort: number): string {
  return readFileSync(shippedVcl, 'utf8').replace(
    /backend default \{[^}]*\}/,
    `backend default {\n    .host = "127.0.0.1";\n    .port = "${backendPort}";\n}`,
  );
}

/**
 * Debian's `varnishd` (with varnish-modules' xkey) in the foreground on a free loopback port, with the shipped
 * VCL in front of `backendPort` (or `vcl`, a text derived from it); its working folder is temporary. Resolves
 * once it answers.
 */
export async function startVarnish(
  backendPort: number,
  port?: number,
  vclText = vclFor(backendPort),
): Promise<RunningVarnish> {
  const listen = port ?? (await freePort());
  const dir = mkdtempSync(join(tmpdir(), 'verso-varnish-'));
  const vcl = join(dir, 'verso.vcl');
  writeFileSync(vcl, vclText);
  const child: ChildProcess = spawn(
    '/usr/sbin/varnishd',
    [
      '-F',
      '-j',
      'none',
      '-n',
      join(dir, 'n'),
      '-a',
      `127.0.0.1:${listen}`,
      '-T',
      '127.0.0.1:0',
      '-f',
      vcl,
      '-s',
      'malloc,64m',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let out = '';
  child.stdout?.on('data', (d) => (out += d));
  child.stderr?.on('data', (d) => (out += d));
  const url = `http://127.0.0.1:${listen}`;
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`varnishd exited with ${child.exitCode}:\n${out}`);
    const ok = await fetch(`${url}/healthz`).then(
      () => true,
      () => false,
    );
    if (ok) break;
    if (Date.now() - started > 30_000) {
      child.kill('SIGKILL');
      throw new Error(`varnishd did not answer in 30 s:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    port: listen,
    pid: child.pid!,
    stop: () =>
      new Promise<void>((resolve) => {
        const done = () => {
          rmSync(dir, { recursive: true, force: true });
          resolve();
        };
        if (child.exitCode !== null) return done();
        child.once('exit', done);
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 3000).unref();
      }),
  };
}
