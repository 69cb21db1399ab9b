#!/usr/bin/env node
// `npm test`'s own set-up: the system programs the suite drives (Debian's Chromium for the browser tests,
// a Java runtime for the Nu HTML Checker, Varnish with varnish-modules for the edge test). What is missing
// is installed with apt-get when this runs as root on Debian; otherwise one line says what to install.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';

const onPath = (cmd) => spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;
const xkeyVmod = () =>
  readdirSync('/usr/lib', { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .some((d) => existsSync(`/usr/lib/${d.name}/varnish/vmods/libvmod_xkey.so`));

const needs = [
  { what: 'Chromium', packages: ['chromium'], present: () => existsSync('/usr/bin/chromium') },
  { what: 'a Java runtime', packages: ['default-jre-headless'], present: () => onPath('java') },
  {
    what: 'Varnish with varnish-modules',
    packages: ['varnish', 'varnish-modules'],
    present: () => existsSync('/usr/sbin/varnishd') && xkeyVmod(),
  },
];

const missing = needs.filter((n) => !n.present());
if (missing.length === 0) process.exit(0);
const packages = missing.flatMap((n) => n.packages);
const canInstall = process.getuid?.() === 0 && onPath('apt-get');
if (!canInstall) {
  console.error(
    `npm test needs ${missing.map((n) => n.what).join(', ')}: install Debian's ${packages.join(' ')} (sudo apt-get install -y ${packages.join(' ')})`,
  );
  process.exit(1);
}
console.log(`pretest: installing Debian's ${packages.join(' ')}`);
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
try {
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', ...packages], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env,
  });
} catch {
  console.error(
    `pretest: apt-get could not install ${packages.join(' ')}; install them and run npm test again`,
  );
  process.exit(1);
}
const still = missing.filter((n) => !n.present());
if (still.length) {
  console.error(`pretest: still missing after apt-get: ${still.map((n) => n.what).join(', ')}`);
  process.exit(1);
}
