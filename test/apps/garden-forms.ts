/**
 * A reference implementation of test/fixtures/rich/forms-3.0.yaml on
 * node:http, written independently of plantkit's modules: a form order
 * answered as XML or JSON by negotiation, a multipart photo upload, PNG
 * download, a text/plain note, a search with deepObject, pipeDelimited and
 * exploded-object parameters, and a permanent redirect.
 *
 * Refusals use what each operation documents: 415 for a body that is not a
 * form (orderSeeds), the `default` Error response elsewhere (400 bad input,
 * 401 no session, 406 nothing acceptable), 404 for an unknown photo. Every
 * operation but the redirect needs the SESSION cookie.
 */
import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { type Order, orderJson, orderXml, readSeedForm, type XmlStyle, xmlCanCarry } from './garden-forms-order.js';
import { readSearchQuery } from './garden-forms-search.js';
import { type AppRequest, type ReferenceApp, reply, startApp } from './shared/app-server.js';
import { cookieValues, pinnedFor, secretAccepted } from './shared/credentials.js';
import { type FormPart, readMultipart } from './shared/multipart.js';
import { randomId } from './shared/random-id.js';
import { codePoints, integerValue, mediaCharset, mediaEssence, negotiate } from './shared/request-values.js';
import { type Route, serveRoutes } from './shared/routes.js';

/** Ways the garden forms app can behave; `correct` is the reference. */
export type GardenFormsVariant =
  | 'correct'
  // odd but correct: none of these may be reported
  | 'prefers-json' // JSON, not XML, when the client accepts both equally (or sends no Accept)
  | 'absolute-redirect' // the 301's Location is an absolute URL, not a path
  // broken, one way each (the plantkit check that should catch it)
  | 'malformed-xml' // the XML order closes </orders> after opening <order> -> body-syntax
  | 'xml-ignores-names' // XML named after the properties: <Order>, <id> element, unwrapped colours -> response-schema (XML read by its xml objects)
  | 'accepts-zero-packets' // packets=0 is accepted though minimum is 1 -> outcome
  | 'lax-deep-object' // filter[height]=tall (or any bad filter) is ignored with a 200 -> outcome
  | 'meta-500' // a photo upload with a `meta` part gets a 500 (an Error body, so only the status is wrong) -> server-error
  | 'ascii-variety'; // a form variety with a character beyond ASCII is refused (400, the default Error) -> outcome (only generated form values reach it)

/** Credentials to pin: the SESSION cookie value. */
export interface GardenFormsCredentials {
  session?: string;
}

/** The SESSION cookie value tests should send. */
export const GARDEN_SESSION = 'garden-session-91c';

/** A 1x1 transparent PNG, served for photos uploaded as JPEG (getPhoto documents image/png only). */
const PLACEHOLDER_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

interface Garden {
  variant: GardenFormsVariant;
  credentials: GardenFormsCredentials | undefined;
  orders: Map<number, Order>;
  photos: Map<string, FormPart>;
}

/** Start the garden forms app on 127.0.0.1, port 0. */
export function startGardenForms(
  variant: GardenFormsVariant = 'correct',
  credentials?: GardenFormsCredentials,
): Promise<ReferenceApp> {
  const garden: Garden = { variant, credentials, orders: new Map(), photos: new Map() };
  const secured =
    (handle: Route['handle']): Route['handle'] =>
    (request, response, params) =>
      hasSession(garden, request)
        ? handle(request, response, params)
        : error(response, 401, 'send the SESSION cookie of a signed-in user');
  const routes: Route[] = [
    { method: 'POST', path: '/seeds', handle: secured((request, response) => orderSeeds(garden, request, response)) },
    { method: 'POST', path: '/photos', handle: secured((request, response) => uploadPhoto(garden, request, response)) },
    {
      method: 'GET',
      path: '/photos/{photoId}',
      handle: secured((_request, response, params) => getPhoto(garden, response, params.photoId!)),
    },
    { method: 'POST', path: '/notes', handle: secured((request, response) => addNote(request, response)) },
    { method: 'GET', path: '/search', handle: secured((request, response) => search(garden, request, response)) },
    // security: [] on the operation; a redirect is all it does (RFC 9110 section 15.4.2).
    {
      method: 'GET',
      path: '/old-catalogue',
      handle: (request, response) =>
        reply(response, 301, undefined, {
          location: `${variant === 'absolute-redirect' ? `http://${request.headers.host}` : ''}/search`,
        }),
    },
  ];
  return startApp(
    serveRoutes(routes, '', {
      notFound: (request, response) => error(response, 404, `no resource at ${request.path}`),
      notAllowed: (request, response, allowed) =>
        error(response, 405, `${request.method} is not supported here`, { allow: allowed.join(', ') }),
    }),
  );
}

/** The `session` API key lives in a cookie (OAS 3.0.3 section 4.7.33); exactly one SESSION value counts. */
function hasSession(garden: Garden, request: AppRequest): boolean {
  const values = cookieValues(request.headers).get('SESSION') ?? [];
  return values.length === 1 && secretAccepted(values[0], pinnedFor(garden.credentials, garden.credentials?.session));
}

function orderSeeds(garden: Garden, request: AppRequest, response: ServerResponse): void {
  const essence = mediaEssence(request.headers['content-type']);
  if (essence !== 'application/x-www-form-urlencoded')
    return error(
      response,
      415,
      `Content-Type ${essence || '(none)'} is not accepted; send application/x-www-form-urlencoded`,
    );
  const form = readSeedForm(request.body, garden.variant === 'accepts-zero-packets' ? 0 : 1);
  if ('error' in form) return error(response, 400, form.error);
  if (garden.variant === 'ascii-variety' && /[^\x00-\x7f]/.test(form.fields.variety))
    return error(response, 400, 'variety must be ASCII');
  const offered =
    garden.variant === 'prefers-json'
      ? ['application/json', 'application/xml']
      : ['application/xml', 'application/json'];
  const accept = request.headers.accept;
  let type = negotiate(accept, offered);
  // XML 1.0 cannot carry some control characters at all; JSON can, so fall back to it when the client allows.
  if (type === 'application/xml' && !xmlCanCarry({ id: 0, ...form.fields }))
    type = negotiate(accept, ['application/json']);
  if (!type) return error(response, 406, `none of ${offered.join(', ')} is acceptable for this order`);
  const order: Order = { id: randomId(garden.orders), ...form.fields };
  garden.orders.set(order.id, order);
  const style: XmlStyle =
    garden.variant === 'malformed-xml'
      ? 'malformed'
      : garden.variant === 'xml-ignores-names'
        ? 'ignores-names'
        : 'spec';
  reply(response, 200, type === 'application/xml' ? orderXml(order, style) : orderJson(order), {
    'content-type': type,
    vary: 'Accept',
  });
}

function uploadPhoto(garden: Garden, request: AppRequest, response: ServerResponse): void {
  if (mediaEssence(request.headers['content-type']) !== 'multipart/form-data')
    return error(response, 415, 'send the photo as multipart/form-data');
  const body = readMultipart(request.headers['content-type'], request.body);
  if ('error' in body) return error(response, 400, body.error);
  const fields = photoFields(body.parts);
  if ('error' in fields) return error(response, 400, fields.error);
  if (garden.variant === 'meta-500' && fields.meta) return error(response, 500, 'could not store the photo metadata');
  const photoId = `ph-${randomBytes(6).toString('hex')}`;
  garden.photos.set(photoId, fields.image);
  json(response, 201, { photoId, bytes: fields.image.data.length });
}

/**
 * The parts of an upload checked against the schema and its encoding object
 * (OAS 3.0.3 section 4.7.15): `image` must be image/png or image/jpeg; `meta`,
 * an object, defaults to application/json; `plant` and `caption` are text.
 */
function photoFields(parts: FormPart[]): { image: FormPart; meta: boolean } | { error: string } {
  const named = (name: string) => parts.filter((part) => part.name === name);
  for (const name of ['plant', 'caption', 'image', 'meta'])
    if (named(name).length > 1) return { error: `part '${name}' is sent ${named(name).length} times; send it once` };
  const [plant] = named('plant');
  const [caption] = named('caption');
  const [image] = named('image');
  const [meta] = named('meta');
  if (!plant) return { error: "body must have required property 'plant'" };
  if (!image) return { error: "body must have required property 'image'" };
  const plantId = integerValue(plant.data.toString('utf8'));
  if (plantId === undefined || plantId < 1) return { error: 'body/plant must be an integer >= 1' };
  if (caption && codePoints(caption.data.toString('utf8')) > 80)
    return { error: 'body/caption must have at most 80 characters' };
  if (image.mediaType !== 'image/png' && image.mediaType !== 'image/jpeg')
    return { error: `part 'image' must be image/png or image/jpeg, not ${image.mediaType ?? 'untyped'}` };
  if (meta) {
    const problem = metaProblem(meta);
    if (problem) return { error: problem };
  }
  return { image, meta: meta !== undefined };
}

function metaProblem(meta: FormPart): string | undefined {
  if (meta.mediaType !== undefined && meta.mediaType !== 'application/json' && meta.mediaType !== 'text/plain')
    return `part 'meta' must be application/json, not ${meta.mediaType}`;
  let value: unknown;
  try {
    value = JSON.parse(meta.data.toString('utf8'));
  } catch {
    return "part 'meta' is not valid JSON";
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'body/meta must be an object';
  if ('camera' in value && typeof value.camera !== 'string') return 'body/meta/camera must be a string';
  return undefined;
}

function getPhoto(garden: Garden, response: ServerResponse, photoId: string): void {
  const photo = garden.photos.get(photoId);
  if (!photo) return error(response, 404, `no photo ${JSON.stringify(photoId)}`);
  reply(response, 200, photo.mediaType === 'image/png' ? photo.data : PLACEHOLDER_PNG, { 'content-type': 'image/png' });
}

function addNote(request: AppRequest, response: ServerResponse): void {
  const header = request.headers['content-type'];
  const charset = mediaCharset(header);
  if (mediaEssence(header) !== 'text/plain') return error(response, 415, 'send the note as text/plain');
  if (charset !== undefined && charset !== 'utf-8' && charset !== 'us-ascii')
    return error(response, 415, `charset ${charset} is not supported; send utf-8`);
  let note: string;
  try {
    note = new TextDecoder('utf-8', { fatal: true }).decode(request.body);
  } catch {
    return error(response, 400, 'the note is not valid UTF-8');
  }
  const length = codePoints(note);
  if (length < 1 || length > 140) return error(response, 400, `body must have 1 to 140 characters, not ${length}`);
  reply(response, 200, note, { 'content-type': 'text/plain; charset=utf-8' });
}

function search(garden: Garden, request: AppRequest, response: ServerResponse): void {
  const parsed = readSearchQuery(request.query, garden.variant !== 'lax-deep-object');
  if ('error' in parsed) return error(response, 400, parsed.error);
  const { filter, ids } = parsed.search;
  // The orders placed so far are what there is to find; height filters plants, which orders do not record.
  const found = [...garden.orders.values()].filter(
    (order) =>
      (typeof filter.colour !== 'string' || (order.colours ?? []).includes(filter.colour)) &&
      (ids === undefined || ids.includes(order.id)),
  );
  json(response, 200, { count: found.length });
}

function error(response: ServerResponse, code: number, reason: string, headers: Record<string, string> = {}): void {
  json(response, code, { code, reason }, headers);
}

function json(response: ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}): void {
  reply(response, status, JSON.stringify(value), { 'content-type': 'application/json', ...headers });
}
