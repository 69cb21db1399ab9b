/**
 * For core/testing/processes.test.ts: a test process that starts `verso preview-site DIR` and exits without
 * stopping it, as a suite whose `beforeAll` failed part of the way through does. Prints the server's pid.
 */
import { startVerso } from './processes.ts';

const started = await startVerso(['preview-site', process.argv[2]!, '--port', '0'], {}, /Serving /);
process.stdout.write(`${started.child.pid}\n`);
process.exit(0);
