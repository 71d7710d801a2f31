/** `plantkit mock`: serve the spec with Prism until interrupted. */
import path from 'node:path';
import type { Collection } from '../../core/resources/types.js';
import { MOCK_CLI_DEFAULTS, MOCK_DEFAULTS } from '../../mock/options.js';
import { startMock } from '../../mock/start-mock.js';
import { HELP_FLAG, integerFlag, parseCommandArgs } from '../args.js';
import { type CliIO, EXIT } from '../io.js';
import type { Command } from './command.js';
import { describeAuth, pinnedCredentials } from './mock-auth.js';

const HELP = `Usage: plantkit mock [options]

Serve the spec with Prism: valid requests get the spec's responses (the
default success echoes what you sent), invalid ones the status the spec
documents for them (400, 422, 401, 415, ...) in the spec's own error shape,
saying what is wrong. Reloads when the spec changes.

Options:
  --spec FILE            OpenAPI 3.0/3.1 or Swagger 2.0 file (default: ${MOCK_DEFAULTS.spec})
  --port N               port (default: ${MOCK_DEFAULTS.port}; 0 picks a free one)
  --host HOST            interface to bind (default: ${MOCK_DEFAULTS.host})
  --token T              accept only this bearer token (HTTP bearer, OAuth2, OpenID Connect;
                         default: $PLANTKIT_TOKEN when set, else any non-empty token)
  --api-key K            accept only this API key (default: $PLANTKIT_API_KEY when set, else any)
  --basic USER:PASSWORD  accept only this HTTP Basic pair (default: $PLANTKIT_BASIC when set, else any)
  --credential NAME=V    accept only V for the security scheme NAME (repeatable;
                         default: $PLANTKIT_AUTH_<NAME> when set)
  --stateful             remember what clients create: reads return it, lists page it, deletes
                         remove it (collections inferred from the spec; docs/stateful.md);
                         POST /__plantkit/reset forgets it
  --data FILE            JSON or YAML items to start with and reset to (implies --stateful),
                         e.g. plants: [{id: 1, name: Monstera}]
  --dynamic              generate response data from the schemas instead of examples
  --seed S               make generated data reproducible (same seed, same sequence)
  --no-cors              no CORS headers (they are on by default)
  --max-body-bytes N     largest request body (default: ${MOCK_DEFAULTS.maxBodyBytes}; larger gets 413)
  --no-watch             do not reload when the spec changes
  --quiet                no request log
  --allow-external-refs  let the spec $ref files outside its folder and URLs
  -h, --help             show this help

Per request, as in Prism: Prefer: code=400 | example=NAME | dynamic=true,
or the query switches ?__code=400, ?__example=NAME, ?__dynamic=true
Exit codes: 0 stopped cleanly, 2 usage or spec error, port in use.`;

/** Routes named in the start-up line before the rest are only counted. */
const ROUTES_LISTED = 8;

/** The mock command. */
export const mockCommand: Command = {
  name: 'mock',
  help: HELP,
  async run(argv: string[], io: CliIO): Promise<number> {
    const { values } = parseCommandArgs('mock', argv, {
      spec: { type: 'string', default: MOCK_DEFAULTS.spec },
      port: { type: 'string' },
      host: { type: 'string', default: MOCK_DEFAULTS.host },
      token: { type: 'string' },
      'api-key': { type: 'string' },
      basic: { type: 'string' },
      credential: { type: 'string', multiple: true },
      stateful: { type: 'boolean', default: MOCK_DEFAULTS.stateful },
      data: { type: 'string' },
      dynamic: { type: 'boolean', default: MOCK_DEFAULTS.dynamic },
      seed: { type: 'string' },
      cors: { type: 'boolean', default: MOCK_DEFAULTS.cors },
      'max-body-bytes': { type: 'string' },
      watch: { type: 'boolean', default: MOCK_CLI_DEFAULTS.watch },
      quiet: { type: 'boolean', default: false },
      'allow-external-refs': { type: 'boolean', default: false },
      ...HELP_FLAG,
    });
    if (values.help) {
      io.stdout.write(`${HELP}\n`);
      return EXIT.ok;
    }
    const spec = fileLabel(String(values.spec), io.cwd);
    const pins = pinnedCredentials(values, io.env);
    const mock = await startMock({
      spec,
      port: integerFlag('port', values.port, MOCK_DEFAULTS.port, 0),
      host: String(values.host),
      ...pins,
      ...(values.stateful === true ? { stateful: true } : {}),
      ...(typeof values.data === 'string' ? { data: fileLabel(values.data, io.cwd) } : {}),
      dynamic: values.dynamic === true,
      ...(typeof values.seed === 'string' ? { seed: values.seed } : {}),
      cors: values.cors !== false,
      maxBodyBytes: integerFlag('max-body-bytes', values['max-body-bytes'], MOCK_DEFAULTS.maxBodyBytes),
      watch: values.watch !== false,
      allowExternalRefs: values['allow-external-refs'] === true,
      ...(values.quiet ? {} : { log: io.stdout }),
      // A failed reload is news even with --quiet (which only silences the request log).
      notices: io.stderr,
    });
    // The seed also steers `Prefer: dynamic=true` answers, so it is kept, but never silently.
    if (typeof values.seed === 'string' && values.dynamic !== true) {
      io.stderr.write(
        "plantkit mock: --seed only affects generated data: add --dynamic, or send 'Prefer: dynamic=true'\n",
      );
    }
    const served = mock.spec();
    // A large spec's routes would fill the terminal: the first few and a count.
    const listed = served.operations
      .slice(0, ROUTES_LISTED)
      .map((operation) => `${operation.method} ${operation.path}`)
      .join(', ');
    const routes =
      served.operations.length > ROUTES_LISTED ? `${served.operations.length} operations: ${listed}, ...` : listed;
    io.stdout.write(`plantkit mock: ${served.title} ${served.apiVersion} on ${mock.url} (${routes})\n`);
    if (values.stateful === true || typeof values.data === 'string')
      io.stdout.write(`  ${describeState(mock.collections())}\n`);
    io.stdout.write(
      `  auth: ${describeAuth(served, pins)}; CORS ${values.cors === false ? 'off' : 'on'}; ${values.dynamic ? 'dynamic data' : 'examples'}${typeof values.seed === 'string' ? ', seeded' : ''}; Ctrl-C stops\n`,
    );
    const signal = await (io.waitForStop?.() ?? new Promise<void>(() => {}));
    await mock.close();
    // One line, so a terminal (or a CI log) says the mock is gone and why.
    io.stdout.write(`plantkit mock: stopped${signal ? ` by ${signal}` : ''}\n`);
    return EXIT.ok;
  },
};

/** `stateful: plants (/plants, /plants/{plantId}), tags (/tags)`: what the stateful mock keeps, one line. */
function describeState(collections: readonly Collection[]): string {
  if (collections.length === 0)
    return 'stateful: no collection found in the spec (every answer stays stateless; docs/stateful.md says what is inferred)';
  const listed = collections.map(
    (collection) =>
      `${collection.name} (${[collection.path, ...(collection.itemPath ? [collection.itemPath] : [])].join(', ')})`,
  );
  return `stateful: ${listed.join(', ')}; POST /__plantkit/reset forgets what was created`;
}

/**
 * A file (the spec, the --data file) as messages name it (openapi.yaml:3:1): relative to the working
 * directory when it lies inside it, else absolute (never `../../tmp`).
 */
function fileLabel(given: string, cwd: string): string {
  const absolute = path.resolve(cwd, given);
  const relative = path.relative(process.cwd(), absolute);
  return relative === '' || relative.startsWith('..') || path.isAbsolute(relative) ? absolute : relative;
}
