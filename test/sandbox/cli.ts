// `npm run sandbox`: the local course platform on the command line. Prints exactly one line on stdout once
// it accepts connections (scripts wait for it); request logs only with --verbose.
import { parseArgs } from 'node:util';
import { startSandbox } from './index';

const USAGE = 'Usage: npm run sandbox -- [--port N] [--host 127.0.0.1] [--orders N] [--students N] [--seed N] [--token-ttl SECONDS] [--verbose]';

function integer(name: string, value: string | undefined, min: number): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) {
    process.stderr.write(`--${name} must be an integer ≥ ${min}, got "${value}".\n${USAGE}\n`);
    process.exit(2);
  }
  return n;
}

async function main(): Promise<void> {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        orders: { type: 'string' },
        students: { type: 'string' },
        seed: { type: 'string' },
        'token-ttl': { type: 'string' },
        verbose: { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
      },
      strict: true,
    }));
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n${USAGE}\n`);
    process.exit(2);
  }
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const sandbox = await startSandbox({
    port: integer('port', values.port, 0),
    host: values.host ?? '127.0.0.1',
    orders: integer('orders', values.orders, 0),
    ...(values.students !== undefined ? { studentsPerSchool: integer('students', values.students, 0) } : {}),
    seed: integer('seed', values.seed, 0),
    accessTokenTtlSeconds: integer('token-ttl', values['token-ttl'], 1),
    quiet: !values.verbose,
    log: (line) => process.stdout.write(`${line}\n`),
  });
  process.stdout.write(`Sandbox platform listening on ${sandbox.url}\n`);

  let closing = false;
  const stop = () => {
    if (closing) return;
    closing = true;
    sandbox.close().then(
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(`Could not close cleanly: ${(error as Error).message}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  process.stderr.write(`Sandbox failed to start: ${(error as Error).message}\n`);
  process.exit(1);
});
