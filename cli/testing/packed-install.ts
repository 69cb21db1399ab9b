import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * What cli/packed-install.test.ts needs to install a packed Verso without the registry: npm resolves a
 * folder without a lockfile through the registry's package documents, which `npm ci` never caches (it
 * fetches tarballs only, by the lockfile's integrity). So the test gives the folder a lockfile made from
 * Verso's own: Verso's production packages at the places they have in Verso's tree, and Verso itself as
 * the tarball. `npm ci --offline` then takes every tarball from npm's cache by its integrity.
 */

interface LockEntry {
  version?: string;
  integrity?: string;
  dev?: boolean;
  devOptional?: boolean;
  optional?: boolean;
  os?: string[];
  cpu?: string[];
  libc?: string[];
  [key: string]: unknown;
}

interface Manifest {
  name: string;
  version: string;
  license?: string;
  bin?: Record<string, string>;
  engines?: Record<string, string>;
  dependencies: Record<string, string>;
  overrides?: Record<string, string>;
}

const listed = (values: string[] | undefined, value: string) =>
  !values ||
  values.includes(value) ||
  (values.some((v) => v.startsWith('!')) && !values.includes(`!${value}`));

/**
 * Whether npm must install this locked package on this machine: a required one, or an optional one whose
 * os, cpu and libc name this machine (an optional one that names none, like sharp's wasm build, npm skips
 * when it cannot get it, as the checkout's own `npm ci` did).
 */
function installedHere(entry: LockEntry, glibc: boolean): boolean {
  if (entry.optional && !entry.os && !entry.cpu && !entry.libc) return false;
  return (
    listed(entry.os, process.platform) &&
    listed(entry.cpu, process.arch) &&
    listed(entry.libc, glibc ? 'glibc' : 'musl')
  );
}

/**
 * The site folder's package.json and lockfile: it depends on Verso's tarball (`file:` relative to the
 * folder) and carries Verso's `overrides`, as the starter does, so the locked tree is the one npm would pick.
 */
export function siteInstallFiles(
  repoRoot: string,
  tarball: string,
  tarballIntegrity: string,
): { manifest: Record<string, unknown>; lockfile: Record<string, unknown> } {
  const verso = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as Manifest;
  const repoLock = JSON.parse(readFileSync(join(repoRoot, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, LockEntry>;
  };
  const manifest = {
    name: 'my-site',
    private: true,
    dependencies: { [verso.name]: `file:${tarball}` },
    overrides: verso.overrides ?? {},
  };
  const packages: Record<string, unknown> = {
    '': manifest,
    [`node_modules/${verso.name}`]: {
      version: verso.version,
      resolved: `file:${tarball}`,
      integrity: tarballIntegrity,
      license: verso.license,
      dependencies: verso.dependencies,
      bin: verso.bin,
      engines: verso.engines,
    },
  };
  for (const [path, entry] of Object.entries(repoLock.packages))
    if (path && !entry.dev && !entry.devOptional) packages[path] = entry;
  return { manifest, lockfile: { name: manifest.name, lockfileVersion: 3, requires: true, packages } };
}

/** The locked packages this machine must install whose tarball is not in npm's cache (`cacheDir`). */
export function missingFromCache(lockfile: Record<string, unknown>, cacheDir: string): string[] {
  const packages = lockfile.packages as Record<string, LockEntry>;
  const report = process.report.getReport() as { header?: { glibcVersionRuntime?: string } };
  const glibc = Boolean(report.header?.glibcVersionRuntime);
  return Object.entries(packages)
    .filter(([path, e]) => path.includes('node_modules/') && e.integrity && installedHere(e, glibc))
    .filter(([, e]) => {
      const [algorithm, digest] = e.integrity!.split(' ')[0]!.split(/-(.*)/s) as [string, string];
      const hex = Buffer.from(digest, 'base64').toString('hex');
      const file = join(
        cacheDir,
        '_cacache',
        'content-v2',
        algorithm,
        hex.slice(0, 2),
        hex.slice(2, 4),
        hex.slice(4),
      );
      return !existsSync(file);
    })
    .map(([path, e]) => `${path.replace(/^.*node_modules\//, '')}@${e.version}`);
}

export interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a command to completion. */
export function run(
  command: string,
  args: string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv },
): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

export interface Started {
  output: () => string;
  /** Ends the command and every process it started (its process group). */
  stop(): Promise<void>;
}

/** Sends a signal to a process group; a group that has already ended is not an error. */
function signalGroup(leader: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-leader, signal);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
}

/** Starts a long-running command in its own process group; resolves when its output matches `ready`. */
export function startCommand(
  command: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; ready: RegExp; timeoutMs: number },
): Promise<Started> {
  const child: ChildProcess = spawn(command, args, {
    cwd: options.cwd,
    env: options.env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const stop = () =>
    new Promise<void>((done) => {
      if (child.exitCode !== null || child.signalCode !== null) return done();
      child.once('exit', () => done());
      // npm runs `verso dev` in a shell of its own: the group's signal reaches all three.
      signalGroup(child.pid!, 'SIGTERM');
      // The leader may be gone while others of its group linger, or the whole group may be gone already.
      setTimeout(() => signalGroup(child.pid!, 'SIGKILL'), 5000).unref();
    });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`${command} ${args.join(' ')} was not ready in ${options.timeoutMs} ms:\n${out}`));
    }, options.timeoutMs);
    const onData = (d: Buffer) => {
      out += d;
      if (options.ready.test(out)) {
        clearTimeout(timer);
        resolve({ output: () => out, stop });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${command} ${args.join(' ')} exited with ${code}:\n${out}`));
    });
  });
}
