/**
 * A reference implementation of test/fixtures/rich/catalog-3.1.yaml on
 * node:http, written independently of plantkit's modules: CRUD plants with
 * paging, a public catalog, a health probe. Operations live under the server
 * URL's path `/v1` (OAS 3.1 section 4.8.5); `baseUrl` includes it.
 *
 * Every refusal uses a status the operation documents: 422 Problem for bad
 * input where documented, else the documented 404 (a plantId or SKU that
 * breaks its schema names no resource). Missing credentials get 401 with a
 * Problem body and a Basic challenge (RFC 9110 section 11.6.1).
 */
import type { ServerResponse } from 'node:http';
import { newPlantProblem, PLANT_TAGS, type Plant, plantFrom, plantJson } from './catalog-plant.js';
import { PlantShelf, type ShelfVariant } from './catalog-shelf.js';
import { type AppRequest, pause, type ReferenceApp, reply, startApp } from './shared/app-server.js';
import {
  type BasicPair,
  basicPair,
  cookieValues,
  pairAccepted,
  pinnedFor,
  secretAccepted,
  singleHeader,
} from './shared/credentials.js';
import { isObject, readJsonBody } from './shared/json-body.js';
import { integerValue, queryValues, singleValue } from './shared/request-values.js';
import { type Route, serveRoutes } from './shared/routes.js';

/** Ways the catalog can behave; `correct` is the reference. */
export type CatalogVariant =
  | 'correct'
  // odd but correct: none of these may be reported
  | 'auth-403' // 403 instead of 401 for missing or bad credentials
  | 'charset' // `; charset=utf-8` on every JSON, Problem and text response
  | 'slow-100ms' // every answer after 100 ms
  | 'empty-catalog' // every well-formed SKU gets the documented 404
  // broken, one way each (the plantkit check that should catch it)
  | 'delete-with-body' // 204 delete carries a JSON body -> transport: clients refuse a body on a 204 (RFC 9110 section 15.3.5); needs a plant to delete
  | 'no-total-count' // list without the required X-Total-Count -> response-headers
  | 'no-location' // 201 create without the required Location -> response-headers
  | 'total-count-many' // X-Total-Count: many (schema says integer) -> response-headers
  | 'wrong-problem-shape' // 422 body is {error, message}, not Problem -> response-schema
  | 'invalid-400' // 400 (undocumented) where the spec documents 422 -> status-documented
  | 'rejects-lang-fr' // 400 for the valid cookie lang=fr -> outcome
  | 'ignores-limit' // list returns everything after offset, whatever `limit` says -> list-honours-limit (needs > limit plants)
  | 'offset-int32' // 500 for an offset beyond 2147483647 (kept in a 32-bit column) -> server-error (only generated values reach it)
  | 'health-html' // /health answers text/html -> content-type
  | 'truncated-json' // every 2xx JSON body lacks its last character -> json-body
  // broken between calls only (catalog-shelf.ts): the stateful phase's checks catch them
  | ShelfVariant;

/** Credentials to pin; when given, a scheme left out accepts nothing. */
export interface CatalogCredentials {
  apiKey?: string;
  basic?: BasicPair;
}

/** The API key tests should send (X-API-Key). */
export const CATALOG_API_KEY = 'catalog-key-5b1e';
/** The Basic pair tests should send; the password holds a colon (RFC 7617: only the first colon separates). */
export const CATALOG_BASIC: BasicPair = { username: 'gardener', password: 'green:thumb' };
/** The path of the spec's server URL. */
const CATALOG_BASE_PATH = '/v1';

const LANGUAGES = ['en', 'de', 'fr'] as const;
const TITLES: Record<(typeof LANGUAGES)[number], string> = { en: 'Plant', de: 'Pflanze', fr: 'Plante' };
const UUID = /^(urn:uuid:)?[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface Catalog {
  variant: CatalogVariant;
  credentials: CatalogCredentials | undefined;
  plants: PlantShelf;
}

/** Start the catalog on 127.0.0.1, port 0. */
export function startCatalog(
  variant: CatalogVariant = 'correct',
  credentials?: CatalogCredentials,
): Promise<ReferenceApp> {
  const catalog: Catalog = { variant, credentials, plants: new PlantShelf(variant) };
  const serve = serveRoutes(catalogRoutes(catalog), CATALOG_BASE_PATH, {
    notFound: (request, response) =>
      problem(
        catalog,
        response,
        404,
        'Not Found',
        `no resource at ${request.path}; operations live under ${CATALOG_BASE_PATH}`,
      ),
    notAllowed: (request, response, allowed) =>
      problem(catalog, response, 405, 'Method Not Allowed', `${request.method} is not supported here`, {
        allow: allowed.join(', '),
      }),
  });
  return startApp(async (request, response) => {
    if (variant === 'slow-100ms') await pause(100);
    return serve(request, response);
  }, CATALOG_BASE_PATH);
}

function catalogRoutes(catalog: Catalog): Route[] {
  const secured =
    (handle: Route['handle']): Route['handle'] =>
    (request, response, params) =>
      authorised(catalog, request) ? handle(request, response, params) : refuseCredentials(catalog, response);
  return [
    { method: 'GET', path: '/plants', handle: secured((request, response) => listPlants(catalog, request, response)) },
    {
      method: 'POST',
      path: '/plants',
      handle: secured((request, response) => createPlant(catalog, request, response)),
    },
    {
      method: 'GET',
      path: '/plants/{plantId}',
      handle: secured((_request, response, params) => getPlant(catalog, response, params.plantId!)),
    },
    {
      method: 'PUT',
      path: '/plants/{plantId}',
      handle: secured((request, response, params) => updatePlant(catalog, request, response, params.plantId!)),
    },
    {
      method: 'DELETE',
      path: '/plants/{plantId}',
      handle: secured((_request, response, params) => deletePlant(catalog, response, params.plantId!)),
    },
    // security: [] on the operation: no credentials needed, none checked (OAS 3.1 section 4.8.10).
    {
      method: 'GET',
      path: '/catalog/{sku}',
      handle: (request, response, params) => getCatalogEntry(catalog, request, response, params.sku!),
    },
    // security: [{}]: credentials optional, so the probe answers everyone.
    {
      method: 'GET',
      path: '/health',
      handle: (_request, response) =>
        reply(response, 200, 'ok', {
          'content-type': catalog.variant === 'health-html' ? 'text/html' : withCharset(catalog, 'text/plain'),
        }),
    },
  ];
}

/** The root requirement: an API key OR HTTP Basic (OAS 3.1 section 4.8.30, a list of alternatives). */
function authorised(catalog: Catalog, request: AppRequest): boolean {
  const { credentials } = catalog;
  const apiKey = singleHeader(request.headers, 'x-api-key');
  return (
    secretAccepted(apiKey, pinnedFor(credentials, credentials?.apiKey)) ||
    pairAccepted(basicPair(request.headers), pinnedFor(credentials, credentials?.basic))
  );
}

function refuseCredentials(catalog: Catalog, response: ServerResponse): void {
  if (catalog.variant === 'auth-403')
    return problem(catalog, response, 403, 'Forbidden', 'send a valid X-API-Key or HTTP Basic credentials');
  problem(catalog, response, 401, 'Unauthorized', 'send a valid X-API-Key or HTTP Basic credentials', {
    'www-authenticate': 'Basic realm="catalog", charset="UTF-8"',
  });
}

function listPlants(catalog: Catalog, request: AppRequest, response: ServerResponse): void {
  const limit = integerQuery(request, 'limit', 1, 50, 20);
  if ('error' in limit) return invalid(catalog, response, limit.error);
  const offset = integerQuery(request, 'offset', 0, Infinity, 0);
  if ('error' in offset) return invalid(catalog, response, offset.error);
  if (catalog.variant === 'offset-int32' && offset.value > 2_147_483_647)
    return problem(catalog, response, 500, 'Internal Server Error', 'offset out of range for integer');
  const tags = tagFilter(request);
  if ('error' in tags) return invalid(catalog, response, tags.error);
  const matching = catalog.plants
    .list()
    .filter((plant) => tags.value.length === 0 || tags.value.includes(plant.tag ?? ''));
  const end = catalog.variant === 'ignores-limit' ? undefined : offset.value + limit.value;
  const total = catalog.variant === 'total-count-many' ? 'many' : String(catalog.plants.total(matching.length));
  const headers: Record<string, string> = catalog.variant === 'no-total-count' ? {} : { 'x-total-count': total };
  json(catalog, response, 200, `[${matching.slice(offset.value, end).map(plantJson).join(',')}]`, headers);
}

/** An integer query parameter with its bounds and default (a form-style primitive, OAS 3.1 section 4.8.12.4). */
function integerQuery(
  request: AppRequest,
  name: string,
  minimum: number,
  maximum: number,
  fallback: number,
): { value: number } | { error: string } {
  const where = `query parameter '${name}'`;
  const single = singleValue(queryValues(request.query, name), where);
  if (single.error) return { error: single.error };
  if (single.value === undefined) return { value: fallback };
  const value = integerValue(single.value);
  if (value === undefined) return { error: `${where} must be an integer` };
  if (value < minimum || value > maximum)
    return { error: `${where} must be >= ${minimum}${maximum === Infinity ? '' : ` and <= ${maximum}`}` };
  return { value };
}

/** `tag` is a form array with explode: false: one parameter, items joined by commas; empty means no items. */
function tagFilter(request: AppRequest): { value: string[] } | { error: string } {
  const single = singleValue(queryValues(request.query, 'tag'), "query parameter 'tag'");
  if (single.error) return { error: single.error };
  const items = single.value ? single.value.split(',') : [];
  const stray = items.find((item) => !(PLANT_TAGS as readonly string[]).includes(item));
  return stray === undefined
    ? { value: items }
    : { error: `query parameter 'tag' items must be one of ${PLANT_TAGS.join(', ')}, not '${stray}'` };
}

function createPlant(catalog: Catalog, request: AppRequest, response: ServerResponse): void {
  const requestId = singleHeader(request.headers, 'x-request-id');
  if (requestId === undefined) return invalid(catalog, response, "header parameter 'X-Request-Id' is required, once");
  // JSON Schema format "uuid" is RFC 4122's string form; its urn:uuid: prefix is accepted as Ajv's format does.
  if (!UUID.test(requestId)) return invalid(catalog, response, "header parameter 'X-Request-Id' must be a UUID");
  const body = validPlantBody(catalog, request, response);
  if (!body) return;
  const plant = catalog.plants.add((id) => plantFrom(body, id, new Date().toISOString()));
  const headers: Record<string, string> =
    catalog.variant === 'no-location' ? {} : { location: `${CATALOG_BASE_PATH}/plants/${plant.id}` };
  json(catalog, response, 201, plantJson(plant), headers);
}

function getPlant(catalog: Catalog, response: ServerResponse, plantId: string): void {
  const key = plantKey(plantId);
  const plant = key === undefined ? undefined : catalog.plants.get(key);
  if (plant) return json(catalog, response, 200, plantJson(plant));
  notFound(catalog, response, plantId);
}

function updatePlant(catalog: Catalog, request: AppRequest, response: ServerResponse, plantId: string): void {
  // A malformed id names nothing (404); then the body (422), so an invalid body is refused whatever the id; then existence.
  if (plantKey(plantId) === undefined) return notFound(catalog, response, plantId);
  const body = validPlantBody(catalog, request, response);
  if (!body) return;
  const existing = storedPlant(catalog, response, plantId);
  if (!existing) return;
  const plant = plantFrom(body, existing.id, existing.createdAt);
  catalog.plants.replace(plant.id, plant);
  json(catalog, response, 200, plantJson(plant));
}

function deletePlant(catalog: Catalog, response: ServerResponse, plantId: string): void {
  const key = plantKey(plantId);
  if (key === undefined || !catalog.plants.remove(key)) return notFound(catalog, response, plantId);
  if (catalog.variant !== 'delete-with-body') return reply(response, 204, undefined);
  // node:http drops any body of a 204 (RFC 9110 section 15.3.5 forbids one), so the broken variant writes raw bytes.
  const body = `{"deleted":${key}}`;
  response.socket?.end(
    `HTTP/1.1 204 No Content\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\nconnection: close\r\n\r\n${body}`,
  );
}

function getCatalogEntry(catalog: Catalog, request: AppRequest, response: ServerResponse, sku: string): void {
  if (!/^[A-Z]{3}-[0-9]{4}$/.test(sku)) return notFound(catalog, response, sku);
  const lang = cookieValues(request.headers).get('lang');
  // The cookie parameter is a primitive with an enum; a value outside it names no entry, so the documented 404.
  if (lang && (lang.length > 1 || !(LANGUAGES as readonly string[]).includes(lang[0]!)))
    return problem(
      catalog,
      response,
      404,
      'Not Found',
      `no catalog entry for ${sku} in that language; lang is one of ${LANGUAGES.join(', ')}`,
    );
  if (catalog.variant === 'rejects-lang-fr' && lang?.[0] === 'fr')
    return problem(catalog, response, 400, 'Bad Request', 'lang=fr is not supported');
  if (catalog.variant === 'empty-catalog') return notFound(catalog, response, sku);
  const language = (lang?.[0] ??
    preferredLanguage(singleHeader(request.headers, 'accept-language'))) as (typeof LANGUAGES)[number];
  const price = (Number(sku.slice(4)) + 1) / 4;
  json(catalog, response, 200, JSON.stringify({ sku, title: `${TITLES[language]} ${sku}`, price }), {
    'content-language': language,
  });
}

/** The first of en, de, fr that Accept-Language names (RFC 9110 section 12.5.4, weights ignored), else en. */
function preferredLanguage(header: string | undefined): string {
  const tags = (header ?? '').split(',').map((entry) => entry.split(';')[0]!.trim().slice(0, 2).toLowerCase());
  return tags.find((tag) => (LANGUAGES as readonly string[]).includes(tag)) ?? 'en';
}

/** The stored plant for a path id (as updates see it, not through the read path), or undefined after answering the documented 404. */
function storedPlant(catalog: Catalog, response: ServerResponse, plantId: string): Plant | undefined {
  const key = plantKey(plantId);
  const plant = key === undefined ? undefined : catalog.plants.stored(key);
  if (!plant) notFound(catalog, response, plantId);
  return plant;
}

/** plantId is an int64 with minimum 1; anything else is not an id. */
function plantKey(plantId: string): number | undefined {
  const value = integerValue(plantId);
  // Ids are int64 with minimum 1: anything outside names no plant (a malformed id, 404 before any lookup).
  return value !== undefined && value >= 1 && BigInt(value) <= MAX_INT64 ? value : undefined;
}

const MAX_INT64 = 2n ** 63n - 1n;

/** A valid NewPlant body, or undefined after answering 422. */
function validPlantBody(
  catalog: Catalog,
  request: AppRequest,
  response: ServerResponse,
): Record<string, unknown> | undefined {
  const parsed = readJsonBody(request);
  if ('error' in parsed) return void invalid(catalog, response, parsed.error);
  const problemLine = newPlantProblem(parsed.value);
  if (problemLine) return void invalid(catalog, response, problemLine);
  return isObject(parsed.value) ? parsed.value : undefined;
}

function notFound(catalog: Catalog, response: ServerResponse, what: string): void {
  problem(catalog, response, 404, 'Not Found', `nothing is stored under ${JSON.stringify(what)}`);
}

/** The documented 422 (components/responses/Invalid), or this variant's way of getting it wrong. */
function invalid(catalog: Catalog, response: ServerResponse, detail: string): void {
  if (catalog.variant === 'wrong-problem-shape')
    return json(
      catalog,
      response,
      422,
      JSON.stringify({ error: 'invalid', message: detail }),
      {},
      'application/problem+json',
    );
  if (catalog.variant === 'invalid-400') return problem(catalog, response, 400, 'Bad Request', detail);
  problem(catalog, response, 422, 'Unprocessable Content', detail);
}

/** An RFC 9457 problem: type, title, status, detail. */
function problem(
  catalog: Catalog,
  response: ServerResponse,
  status: number,
  title: string,
  detail: string,
  headers: Record<string, string> = {},
): void {
  json(
    catalog,
    response,
    status,
    JSON.stringify({ type: 'about:blank', title, status, detail }),
    headers,
    'application/problem+json',
  );
}

function json(
  catalog: Catalog,
  response: ServerResponse,
  status: number,
  text: string,
  headers: Record<string, string> = {},
  type = 'application/json',
): void {
  const body = catalog.variant === 'truncated-json' && status < 300 ? text.slice(0, -1) : text;
  reply(response, status, body, { 'content-type': withCharset(catalog, type), ...headers });
}

function withCharset(catalog: Catalog, type: string): string {
  return catalog.variant === 'charset' ? `${type}; charset=utf-8` : type;
}
