import { Command, CommanderError } from 'commander';
import { failureLine } from './failure.ts';

type Action = (...args: never[]) => void | Promise<void>;

/**
 * A command's action, loaded when it runs: `verso migrate` need not load the servers (about 0.6 s of its
 * start), nor `verso serve` the static export's builder.
 */
function lazy<M extends Record<K, Action>, K extends string>(load: () => Promise<M>, name: K) {
  return async (...args: Parameters<M[K]>): Promise<void> => {
    await (await load())[name](...args);
  };
}

/**
 * A command that ends the process when it is done and its output is written: after `verso build-site` closed its
 * pool, Node still waited 10–35 ms for PostgreSQL to close the connections' sockets before it exited.
 */
function thenExit<A extends unknown[]>(action: (...args: A) => Promise<void>) {
  return async (...args: A): Promise<void> => {
    await action(...args);
    await new Promise((written) => process.stdout.write('', () => process.stderr.write('', written)));
    process.exit();
  };
}

/** `verso`: the commands of operations.md. Each command lives in its own file under commands/. */
export async function main(argvIn: string[]): Promise<void> {
  // `--debug` anywhere: a failure prints its stack trace after its line.
  const debug = argvIn.includes('--debug') || process.env.LOG_LEVEL === 'debug';
  const argv = argvIn.filter((a) => a !== '--debug');
  const program = new Command('verso').description('Publishes a CMS space to the web.').exitOverride();
  program
    .command('dev')
    .description('the demo: embedded database, every surface, one process')
    .action(lazy(() => import('./commands/dev.ts'), 'devCommand'));
  program
    .command('init')
    .description('writes a starter site project (verso.config.ts, a component, a space file) here')
    .action(lazy(() => import('./commands/init.ts'), 'initCommand'));
  program
    .command('serve')
    .description('one production process; SERVER_MODE and SCOPES decide what it mounts')
    .action(lazy(() => import('./commands/serve.ts'), 'serveCommand'));
  program
    .command('build')
    .description('bundles the browser scripts into dist/ and checks their size budgets')
    .option('-o, --out <dir>', 'output directory', 'dist')
    .action(lazy(() => import('../build/build.ts'), 'buildCommand'));
  program
    .command('migrate')
    .description('applies the database migrations')
    .action(lazy(() => import('./commands/migrate.ts'), 'migrateCommand'));
  program
    .command('import')
    .description('imports a space export (all or nothing)')
    .argument('<file>', 'a verso.space/1 JSON file')
    .option('--replace', 'swap an existing space of the same name')
    .action(lazy(() => import('./commands/import.ts'), 'importCommand'));
  program
    .command('export')
    .description('writes a space export')
    .argument('<space>', 'space name or id')
    .option('-o, --output <file>', 'write to a file instead of standard output')
    .action(lazy(() => import('./commands/export.ts'), 'exportCommand'));
  program
    .command('build-site')
    .description('writes the designed site of a space as files for a static host')
    .argument('<space>', 'space name or id')
    .requiredOption('-o, --out <dir>', 'output folder (replaced whole when the build succeeds)')
    .option('--host <host>', 'the domain to build (default: the primary production domain)')
    .option(
      '--base-url <url>',
      'where the folder is served, e.g. https://www.example.org (default https://<host>)',
    )
    .option('--incremental', 'render again only what changed since the last build of this folder')
    .option(
      '--form-endpoint <url>',
      "a running website process that takes the forms' posts (its FORM_ORIGINS must name the base URL)",
    )
    .option(
      '--threads <n>',
      "threads that render a large site's pages, this one included (default: the machine's cores)",
    )
    .action(thenExit(lazy(() => import('./commands/build-site.ts'), 'buildSiteCommand')));
  program
    .command('preview-site')
    .description(
      'serves a folder written by build-site as a static host would, to look at it before deploying',
    )
    .argument('<dir>', 'the folder build-site wrote')
    .option('-p, --port <port>', 'port to listen on', '8080')
    .option('--host <address>', 'address to listen on', '127.0.0.1')
    .action(lazy(() => import('./commands/preview-site.ts'), 'previewSiteCommand'));
  program
    .command('keys')
    .description('management API keys')
    .command('create')
    .description('prints a new management API key once')
    .requiredOption('--space <spaces>', 'space names or ids, comma-separated, or * for all')
    .requiredOption('--permissions <permissions>', 'comma-separated permissions, e.g. space:read,space:write')
    .option('--role <role>', 'owner, admin, editor, viewer or superadmin', 'admin')
    .option('--expires <duration>', 'lifetime such as 30d, 12h')
    .option('--name <name>', 'a label for the key')
    .option(
      '--sign-in-link <studio-url>',
      'also print a one-time studio sign-in link for the key (10 minutes), e.g. http://localhost:3000',
    )
    .action(lazy(() => import('./commands/keys.ts'), 'keysCreateCommand'));
  program
    .command('types')
    .description('writes TypeScript types of a public API: its content model and REST answers')
    .requiredOption('--url <url>', 'address of the public API, e.g. http://localhost:3100')
    .option('--out <file>', 'write to a file instead of standard output')
    .action(lazy(() => import('./commands/types.ts'), 'typesCommand'));
  program
    .command('graphql-schema')
    .description("writes the GraphQL schema (SDL) of a public API's space, for code generators")
    .requiredOption('--url <url>', 'address of the public API, e.g. http://localhost:3100')
    .option('--out <file>', 'write to a file instead of standard output')
    .action(lazy(() => import('./commands/graphql-schema.ts'), 'graphqlSchemaCommand'));
  try {
    await program.parseAsync(argv);
  } catch (err) {
    if (err instanceof CommanderError) process.exit(err.exitCode);
    process.stderr.write(`verso: ${failureLine(err)}\n`);
    if (debug) process.stderr.write(`${(err as Error).stack ?? String(err)}\n`);
    process.exit(1);
  }
}
