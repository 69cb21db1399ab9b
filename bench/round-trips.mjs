// Preloaded into the website process by `bench/many-sites.ts --count` (node --import): counts the statements sent
// to PostgreSQL and the commands sent to Redis (those of a pipeline each), and writes the counts so far as JSON to
// ROUND_TRIPS_FILE on SIGWINCH (a signal Node leaves alone; SIGUSR1 opens the inspector). A counter per call: what
// it adds to the CPU of a visit is far below what the bench can tell apart.
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(new URL('../package.json', import.meta.url));
const counts = { statements: 0, commands: 0 };
const pg = require('pg');
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function counted(...args) {
  counts.statements++;
  return query.apply(this, args);
};
const Redis = require('ioredis');
const send = Redis.prototype.sendCommand;
Redis.prototype.sendCommand = function counted(...args) {
  counts.commands++;
  return send.apply(this, args);
};
process.on('SIGWINCH', () => writeFileSync(process.env.ROUND_TRIPS_FILE, JSON.stringify(counts)));
