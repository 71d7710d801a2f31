/** `plantkit contract --help`. */
import { CHECKS } from '../../contract/checks/index.js';
import { CONTRACT_DEFAULTS, PHASE_NAMES } from '../../contract/options.js';

/** The help text of `plantkit contract`. */
export const CONTRACT_HELP = `Usage: plantkit contract --base-url URL [options]

Send requests derived from the spec to a running implementation and check
every response (status, Content-Type, headers, body against its schema in
its media type, auth). Parameters are sent in every location and style the
spec declares; bodies as JSON, forms, multipart, text or XML.

Options:
  --base-url URL         implementation to test (required), e.g. http://127.0.0.1:8080; without a
                         path, the path of the spec's first server is used (/v1)
  --spec FILE            OpenAPI 3.0/3.1 or Swagger 2.0 file (default: ${CONTRACT_DEFAULTS.spec})
  --token-env NAME       environment variable holding the bearer token (default: ${CONTRACT_DEFAULTS.tokenEnv})
  --header 'NAME: VALUE' send this header with every request (repeatable); \${VAR} in
                         VALUE is read from the environment; credential-like headers
                         (Authorization, Cookie, *key*, *token*, *secret*) are never printed
  --timeout MS           per-request deadline in milliseconds (default: ${CONTRACT_DEFAULTS.timeoutMs})
  --max-duration TIME    stop sending after TIME (90s, 5m; default: no limit)
  --workers N            cases in flight at once (default: ${CONTRACT_DEFAULTS.workers}); results stay in case order
  --rate-limit N/s       at most N requests per second (or N/m per minute; default: no limit)
  --strict               also flag response properties the schema does not declare
  --contracts DIR        scenario files (default: contracts/ beside the spec)
  --no-contracts         run no scenario files
  --rerun-failed REPORT  send again only the failed cases and stateful sequences of an
                         earlier JSON report (--reporter json): the same requests, after the
                         producer steps that give them live resources again; a report that
                         does not match the spec is an error (exit 2) before any request
  --only ID              run only cases whose id starts with ID (repeatable); the
                         operation may be left out (auth/wrong-token) and * matches
                         within a segment (*/auth); matching nothing is an error
  --skip ID              skip cases whose id starts with ID (repeatable; same rules)
  --shard i/n            run share i of n (1 ≤ i ≤ n): the operations are dealt out by
                         collection, the same for every seed and machine; the n shards
                         together send every case once (merge: plantkit report merge)
  --quiet                print failing cases and the summary only
  --fail-on CLASS        what fails the run: failure (default) or spec-gap (an undocumented
                         status HTTP calls for, such as 404 for a made-up id, fails it too)
  --spec-gaps FILE       write the spec gaps as an OpenAPI Overlay 1.0 that documents them
                         (YAML for .yaml/.yml, else JSON), to review and apply to the spec
  --allow-external-refs  let the spec $ref files outside its folder and URLs
  -h, --help             show this help

Reports (repeatable; each --output belongs to the --reporter before it):
  --reporter NAME        console, json, junit, github, html (one self-contained page:
                         summary, coverage matrix, failures by signature, filters) or
                         har (HTTP Archive 1.2, for a browser's network panel)
                         (default: console; github is added when GITHUB_ACTIONS=true)
  --output FILE          write that reporter's report to FILE instead of stdout
                         (github: the markdown summary; default $GITHUB_STEP_SUMMARY)

Generated cases (property-based, after the static ones; docs/property-cases.md):
  --seed N               replay the generated cases of an earlier run (default: random; always printed)
  --max-cases N          random cases per operation in each random phase (default: ${CONTRACT_DEFAULTS.maxCases})
  --max-shrinks N        requests spent shrinking one failure (default: ${CONTRACT_DEFAULTS.maxShrinks}; 0 reports it unshrunk)
  --phases LIST          comma-separated, from ${PHASE_NAMES.join(',')} (default: all)
  --operation-budget TIME
                         most time one operation's generated cases take (default: ${CONTRACT_DEFAULTS.operationBudgetMs / 1000}s)
  --generated-budget TIME
                         most time all generated cases take, shared fairly among the
                         operations (default: ${CONTRACT_DEFAULTS.generatedBudgetMs / 60_000}m); what a budget cuts is reported
  --no-generated         send the static cases only (no generated cases, no stateful sequences)

Stateful sequences (after the generated cases, where the spec has collections; docs/stateful.md):
  create, read, list, update, delete and read again, following the ids the server returns;
  --seed replays them, a failure is shrunk to its shortest sequence, one curl line per step
  --no-stateful          no stateful sequences (also: --phases without stateful)

Credentials, from the environment (never printed; curl lines name the variable):
  ${CONTRACT_DEFAULTS.tokenEnv}         bearer token: HTTP bearer, OAuth2 and OpenID Connect (and API keys
                         when PLANTKIT_API_KEY is not set)
  PLANTKIT_API_KEY       the API key of every apiKey scheme (header, query or cookie)
  PLANTKIT_BASIC         user:password for HTTP Basic
  PLANTKIT_AUTH_<NAME>   the value for the security scheme NAME (upper case, _ between words:
                         partnerKey -> PLANTKIT_AUTH_PARTNER_KEY); wins over the three above

A run stops sending after ${CONTRACT_DEFAULTS.maxTransportFailures} requests in a row got no response, and on Ctrl-C or
SIGTERM; it then prints the summary of what ran and writes every report,
marked as interrupted, with the rest of the cases as not run.

Checks: ${CHECKS.map((check) => check.id).join(', ')}
Exit codes: 0 no failure (spec gaps are listed, not failed), 1 a case failed (or, with
            --fail-on spec-gap, a spec gap was found), 2 usage, spec or target error,
            130 interrupted (SIGINT, Ctrl-C), 143 terminated (SIGTERM).`;
