/**
 * A reference implementation of test/fixtures/rich/petstore-swagger2.yaml
 * (Swagger 2.0) on node:http, written independently of plantkit's modules.
 * Operations live under basePath `/api` (Swagger 2.0 "Swagger Object");
 * `baseUrl` includes it. Every body is application/json (global `produces`).
 *
 * listPots documents only 200, so a bad `sizes` gets a 400 in the spec's
 * Error shape: no documented status can say "bad input" there, and a 200
 * would accept it. The other operations document their 400. A form field
 * sent empty (`text=`) is accepted, as the OpenAPI 3 form of the document
 * (a requestBody schema without minLength) reads it.
 */
import type { ServerResponse } from 'node:http';
import { type AppRequest, pause, type ReferenceApp, reply, startApp } from './shared/app-server.js';
import { type BasicPair, basicPair, pairAccepted, pinnedFor, secretAccepted } from './shared/credentials.js';
import { isObject, readJsonBody } from './shared/json-body.js';
import { randomId } from './shared/random-id.js';
import { codePoints, integerValue, mediaEssence, queryValues, singleValue } from './shared/request-values.js';
import { type Route, serveRoutes } from './shared/routes.js';

/** Ways the pot store can behave; `correct` is the reference. */
export type PotStoreVariant =
  | 'correct'
  // odd but correct: none of these may be reported
  | 'auth-403' // 403 instead of 401 for missing or bad credentials
  | 'slow-100ms' // every answer after 100 ms
  // broken, one way each (the plantkit check that should catch it)
  | 'ignores-api-key' // listPots and labelPot serve without (or with a wrong) api_key -> auth
  | 'invalid-json'; // the pot list is `[...,]`, labelled application/json -> json-body

/** Credentials to pin; when given, a scheme left out accepts nothing. */
export interface PotStoreCredentials {
  apiKey?: string;
  basic?: BasicPair;
}

/** The api_key query value tests should send. */
export const POT_API_KEY = 'pot-key-73a0';
/** The Basic pair tests should send to addPot. */
export const POT_BASIC: BasicPair = { username: 'potter', password: 'clay-2024' };
/** The document's basePath. */
const POT_BASE_PATH = '/api';

const SIZES = ['s', 'm', 'l'];

interface Pot {
  id: number;
  size: string;
  colour?: string;
  label?: string;
}

interface PotStore {
  variant: PotStoreVariant;
  credentials: PotStoreCredentials | undefined;
  pots: Map<number, Pot>;
}

/** Start the pot store on 127.0.0.1, port 0. */
export function startPotStore(
  variant: PotStoreVariant = 'correct',
  credentials?: PotStoreCredentials,
): Promise<ReferenceApp> {
  const store: PotStore = { variant, credentials, pots: new Map() };
  const routes: Route[] = [
    {
      method: 'GET',
      path: '/pots',
      handle: (request, response) => withApiKey(store, request, response, () => listPots(store, request, response)),
    },
    // addPot's own `security: [basic]` replaces the document's api_key requirement.
    { method: 'POST', path: '/pots', handle: (request, response) => addPot(store, request, response) },
    {
      method: 'POST',
      path: '/pots/{potId}/label',
      handle: (request, response, params) =>
        withApiKey(store, request, response, () => labelPot(store, request, response, params.potId!)),
    },
  ];
  const serve = serveRoutes(routes, POT_BASE_PATH, {
    notFound: (request, response) =>
      error(response, 404, `no resource at ${request.path}; operations live under ${POT_BASE_PATH}`),
    notAllowed: (request, response, allowed) =>
      error(response, 405, `${request.method} is not supported here`, { allow: allowed.join(', ') }),
  });
  return startApp(async (request, response) => {
    if (variant === 'slow-100ms') await pause(100);
    return serve(request, response);
  }, POT_BASE_PATH);
}

/** The document's `security: [key]`: an api_key query parameter, given once. */
function withApiKey(store: PotStore, request: AppRequest, response: ServerResponse, serve: () => void): void {
  const keys = queryValues(request.query, 'api_key');
  const accepted =
    keys.length === 1 && secretAccepted(keys[0], pinnedFor(store.credentials, store.credentials?.apiKey));
  if (accepted || store.variant === 'ignores-api-key') return serve();
  // No challenge: API keys have no registered HTTP authentication scheme to name in WWW-Authenticate.
  refuse(store, response, 'send a valid api_key query parameter');
}

function refuse(
  store: PotStore,
  response: ServerResponse,
  message: string,
  headers: Record<string, string> = {},
): void {
  error(response, store.variant === 'auth-403' ? 403 : 401, message, store.variant === 'auth-403' ? {} : headers);
}

function listPots(store: PotStore, request: AppRequest, response: ServerResponse): void {
  // collectionFormat csv: one `sizes` parameter, items joined by commas.
  const single = singleValue(queryValues(request.query, 'sizes'), "query parameter 'sizes'");
  if (single.error) return error(response, 400, single.error);
  const sizes = single.value ? single.value.split(',') : [];
  const stray = sizes.find((size) => !SIZES.includes(size));
  if (stray !== undefined)
    return error(response, 400, `query parameter 'sizes' items must be one of s, m, l, not '${stray}'`);
  const pots = [...store.pots.values()].filter((pot) => sizes.length === 0 || sizes.includes(pot.size));
  const text = JSON.stringify(pots);
  reply(response, 200, store.variant === 'invalid-json' ? `${text.slice(0, -1)},]` : text, {
    'content-type': 'application/json',
  });
}

function addPot(store: PotStore, request: AppRequest, response: ServerResponse): void {
  if (!pairAccepted(basicPair(request.headers), pinnedFor(store.credentials, store.credentials?.basic))) {
    return refuse(store, response, 'send valid HTTP Basic credentials', {
      'www-authenticate': 'Basic realm="pot store", charset="UTF-8"',
    });
  }
  const parsed = readJsonBody(request);
  if ('error' in parsed) return error(response, 400, parsed.error);
  const body = parsed.value;
  if (!isObject(body)) return error(response, 400, 'body must be a JSON object');
  if (!('size' in body)) return error(response, 400, "body must have required property 'size'");
  if (!SIZES.includes(body.size as string)) return error(response, 400, 'body/size must be one of s, m, l');
  if ('colour' in body && typeof body.colour !== 'string') return error(response, 400, 'body/colour must be a string');
  const pot: Pot = {
    id: randomId(store.pots),
    size: body.size as string,
    ...(typeof body.colour === 'string' ? { colour: body.colour } : {}),
  };
  store.pots.set(pot.id, pot);
  reply(response, 201, JSON.stringify(pot), { 'content-type': 'application/json' });
}

function labelPot(store: PotStore, request: AppRequest, response: ServerResponse, potText: string): void {
  const potId = integerValue(potText);
  if (potId === undefined || potId < 1) return error(response, 400, "path parameter 'potId' must be an integer >= 1");
  // The operation's `consumes` names only application/x-www-form-urlencoded.
  const essence = mediaEssence(request.headers['content-type']);
  if (essence !== 'application/x-www-form-urlencoded')
    return error(
      response,
      400,
      `Content-Type ${essence || '(none)'} is not accepted; send application/x-www-form-urlencoded`,
    );
  const text = singleValue(new URLSearchParams(request.body.toString('utf8')).getAll('text'), "form field 'text'");
  if (text.error) return error(response, 400, text.error);
  if (text.value === undefined) return error(response, 400, "form field 'text' is required");
  if (codePoints(text.value) > 20) return error(response, 400, "form field 'text' must have at most 20 characters");
  const pot = store.pots.get(potId);
  // An unknown pot is a resource that does not exist: the documented 404 (RFC 9110 section 15.5.5).
  if (!pot) return error(response, 404, `there is no pot ${potId} to label`);
  pot.label = text.value;
  reply(response, 200, JSON.stringify(pot), { 'content-type': 'application/json' });
}

function error(response: ServerResponse, status: number, message: string, headers: Record<string, string> = {}): void {
  reply(response, status, JSON.stringify({ message }), { 'content-type': 'application/json', ...headers });
}
