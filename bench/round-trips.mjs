// Preloaded into the website process by `bench/many-sites.ts --count` (node --import): counts the statements sent
// to PostgreSQL and the commands sent to Redis (those of a pipeline each), and writes the counts so far as JSON to
// ROUND_TRIPS_FILE on SIGWINCH (a signal Node leaves alone; SIGUSR1 opens the inspector). A counter per call: what
// it adds to the CPU of a visit is far below what the bench can tell apart.
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Socket } from 'node:net';

const require = createRequire(new URL('../package.json', import.meta.url));
const counts = { statements: 0, commands: 0 };
// Counted on the wire, not on pg's Client: the CLI bundle has its own copy of pg (bin/cli-bundle.mjs), which a
// preload cannot reach. A statement ends with one Sync message (extended protocol: 'S', length 4) or is one
// Query message ('Q'); pg writes each message with a write of its own, to a socket connected to the database.
const pgPort = Number(new URL(process.env.DATABASE_URL ?? 'postgres://x:5432').port || 5432);
const write = Socket.prototype.write;
Socket.prototype.write = function counted(chunk, ...rest) {
  if (this.remotePort === pgPort && chunk instanceof Uint8Array && chunk.length >= 5) {
    const length = (chunk[1] << 24) | (chunk[2] << 16) | (chunk[3] << 8) | chunk[4];
    if (
      (chunk[0] === 0x53 && chunk.length === 5 && length === 4) ||
      (chunk[0] === 0x51 && length === chunk.length - 1)
    )
      counts.statements++;
  }
  return write.call(this, chunk, ...rest);
};
const Redis = require('ioredis');
const send = Redis.prototype.sendCommand;
Redis.prototype.sendCommand = function counted(...args) {
  counts.commands++;
  return send.apply(this, args);
};
process.on('SIGWINCH', () => writeFileSync(process.env.ROUND_TRIPS_FILE, JSON.stringify(counts)));
