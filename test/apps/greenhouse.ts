/**
 * A reference implementation of test/fixtures/rich/auth-3.1.yaml on
 * node:http, written independently of plantkit's modules. It exists for the
 * security requirement semantics (OAS 3.1 section 4.8.30): a list of
 * requirements is an OR, the schemes inside one requirement are an AND, `{}`
 * makes credentials optional and `security: []` removes them.
 *
 * OAuth2, OpenID Connect and the bearer scheme all arrive as
 * `Authorization: Bearer` (RFC 6750 section 2.1); tokens are opaque here, so
 * any non-empty token stands for one with the needed scope unless pinned.
 * openVents documents no 400, so bad input gets its documented 403 (RFC 9110
 * section 15.5.4: the server understood the request and refuses it).
 */
import type { ServerResponse } from 'node:http';
import { type AppRequest, type ReferenceApp, reply, startApp } from './shared/app-server.js';
import {
  type BasicPair,
  basicPair,
  bearerToken,
  pairAccepted,
  pinnedFor,
  secretAccepted,
  singleHeader,
} from './shared/credentials.js';
import { isInteger, isObject, numberOf, readJsonBody } from './shared/json-body.js';
import { type Route, serveRoutes } from './shared/routes.js';

/** Ways the greenhouse can behave; `correct` is the reference. */
export type GreenhouseVariant =
  | 'correct'
  // odd but correct: none of these may be reported
  | 'auth-403' // 403 (AuthError "forbidden") instead of 401 for missing or bad credentials
  | 'charset' // `; charset=utf-8` on every JSON response
  // broken, one way each (the plantkit check that should catch it)
  | 'accepts-wrong-password' // with a pinned Basic pair, any password for the right user is accepted -> auth
  | 'and-as-or' // openVents accepts the bearer token OR the partner key, not both together -> auth
  | 'hangs-up'; // openVents closes the connection without answering -> transport

/** Credentials to pin; when given, a scheme left out accepts nothing. `token` serves oauth, bearerAuth and oidc. */
export interface GreenhouseCredentials {
  token?: string;
  basic?: BasicPair;
  partnerKey?: string;
}

/** The bearer token tests should send (oauth, bearerAuth, oidc). */
export const GREENHOUSE_TOKEN = 'greenhouse-token-e41';
/** The Basic pair tests should send. */
export const GREENHOUSE_BASIC: BasicPair = { username: 'keeper', password: 'orchid-77' };
/** The X-Partner-Key tests should send. */
export const GREENHOUSE_PARTNER_KEY = 'partner-key-0c9';

const GREENHOUSES = [
  { id: 'gh-1', name: 'Palm House' },
  { id: 'gh-2', name: 'Temperate House' },
];

interface Greenhouse {
  variant: GreenhouseVariant;
  credentials: GreenhouseCredentials | undefined;
  /** Vent openings by greenhouse id, so asking twice for the same opening reports it `open`. */
  vents: Map<string, number>;
}

/** Start the greenhouse on 127.0.0.1, port 0. */
export function startGreenhouse(
  variant: GreenhouseVariant = 'correct',
  credentials?: GreenhouseCredentials,
): Promise<ReferenceApp> {
  const house: Greenhouse = { variant, credentials, vents: new Map() };
  const routes: Route[] = [
    { method: 'GET', path: '/greenhouses', handle: (request, response) => listGreenhouses(house, request, response) },
    {
      method: 'POST',
      path: '/greenhouses/{id}/vents',
      handle: (request, response, params) => openVents(house, request, response, params.id!),
    },
    // oidc OR {}: anonymous callers are served; a token that is not accepted counts as no token, as {} allows.
    {
      method: 'GET',
      path: '/sensors',
      handle: (request, response) =>
        json(house, response, 200, tokenAccepted(house, request) ? { celsius: 23.5 } : { celsius: 23 }),
    },
    { method: 'GET', path: '/status', handle: (_request, response) => json(house, response, 200, { up: true }) },
  ];
  return startApp(
    serveRoutes(routes, '', {
      notFound: (request, response) => json(house, response, 404, { error: 'not found', path: request.path }),
      notAllowed: (_request, response, allowed) =>
        json(house, response, 405, { error: 'method not allowed' }, { allow: allowed.join(', ') }),
    }),
  );
}

function tokenAccepted(house: Greenhouse, request: AppRequest): boolean {
  return secretAccepted(bearerToken(request.headers), pinnedFor(house.credentials, house.credentials?.token));
}

function basicAccepted(house: Greenhouse, request: AppRequest): boolean {
  const pinned = pinnedFor(house.credentials, house.credentials?.basic);
  const given = basicPair(request.headers);
  if (house.variant === 'accepts-wrong-password' && given && typeof pinned === 'object')
    return given.username === pinned.username;
  return pairAccepted(given, pinned);
}

/** The document's requirement: oauth OR basicAuth. */
function listGreenhouses(house: Greenhouse, request: AppRequest, response: ServerResponse): void {
  if (!tokenAccepted(house, request) && !basicAccepted(house, request)) {
    // RFC 6750 section 3 and RFC 7617 section 2: one challenge per scheme the client may use.
    return refuse(
      house,
      response,
      'send an OAuth2 bearer token with scope greenhouse:read, or HTTP Basic credentials',
      'Bearer realm="greenhouse", scope="greenhouse:read", Basic realm="greenhouse", charset="UTF-8"',
    );
  }
  json(house, response, 200, GREENHOUSES);
}

/** The operation's requirement: partnerKey AND bearerAuth, in one requirement object. */
function openVents(house: Greenhouse, request: AppRequest, response: ServerResponse, id: string): void {
  if (house.variant === 'hangs-up') return void response.socket?.destroy();
  const partner = secretAccepted(
    singleHeader(request.headers, 'x-partner-key'),
    pinnedFor(house.credentials, house.credentials?.partnerKey),
  );
  const bearer = tokenAccepted(house, request);
  if (house.variant === 'and-as-or' ? !partner && !bearer : !partner || !bearer) {
    return refuse(house, response, 'send both X-Partner-Key and a bearer token', 'Bearer realm="greenhouse"');
  }
  if (!/^gh-[0-9]+$/.test(id))
    return forbid(house, response, `path parameter 'id' must look like gh-<number>, not ${JSON.stringify(id)}`);
  const parsed = readJsonBody(request);
  if ('error' in parsed) return forbid(house, response, parsed.error);
  const body = parsed.value;
  if (!isObject(body)) return forbid(house, response, 'body must be a JSON object');
  if (!('percent' in body)) return forbid(house, response, "body must have required property 'percent'");
  if (!isInteger(body.percent)) return forbid(house, response, 'body/percent must be an integer');
  const percent = numberOf(body.percent)!;
  if (percent < 0 || percent > 100) return forbid(house, response, 'body/percent must be between 0 and 100');
  const status = house.vents.get(id) === percent ? 'open' : 'opening';
  house.vents.set(id, percent);
  json(house, response, 202, { status });
}

/** 401 with an AuthError and a challenge, or this variant's 403. */
function refuse(house: Greenhouse, response: ServerResponse, description: string, challenge: string): void {
  if (house.variant === 'auth-403') return forbid(house, response, description);
  json(
    house,
    response,
    401,
    { error: 'unauthorized', error_description: description },
    { 'www-authenticate': challenge },
  );
}

function forbid(house: Greenhouse, response: ServerResponse, description: string): void {
  json(house, response, 403, { error: 'forbidden', error_description: description });
}

function json(
  house: Greenhouse,
  response: ServerResponse,
  status: number,
  value: unknown,
  headers: Record<string, string> = {},
): void {
  reply(response, status, JSON.stringify(value), {
    'content-type': house.variant === 'charset' ? 'application/json; charset=utf-8' : 'application/json',
    ...headers,
  });
}
