/**
 * The stateful mock's answers (`plantkit mock --stateful`), for a request
 * that passed its checks: create stores the item and answers it, read
 * returns what was stored, list returns the stored items (paged, counted),
 * update replaces or merges, delete removes and answers the documented
 * success; a missing item gets 404 in the spec's error shape. Every body goes
 * through respond() with the item as a fixed value, so it is checked against
 * the response schema like any mock answer. Undefined means "not mine":
 * operations outside a collection, a collection nothing can create in (unless
 * --data filled it), and requests that pinned a response (`Prefer: code=`,
 * `__example=`) keep today's behaviour.
 */

import { decodePointer } from '../../core/json/json-pointer.js';
import type { ParameterValues } from '../../core/params/decode.js';
import { singular } from '../../core/resources/id-field.js';
import type { Collection, ItemOperation, ResourceOperation, ResourceRole } from '../../core/resources/types.js';
import { isRecord } from '../../core/schema/object-shape.js';
import type { BodyValidator } from '../../core/validation/compile-validators.js';
import { errorReply } from '../error-reply.js';
import type { MockState } from '../mock-state.js';
import type { Preferences } from '../prefer.js';
import type { MockReply } from '../reply.js';
import { type FixedAnswer, type ResponseSettings, respond, type ValidRequest } from '../respond.js';
import { type Envelope, envelopeOf } from './envelope.js';
import { type CollectionRules, itemRules, itemValidator } from './item-rules.js';
import { type Built, createdItem, mergedItem, replacedItem } from './item-value.js';
import { listItem } from './list-item.js';
import { listBody, listPage } from './list-page.js';
import { newId } from './new-id.js';
import { idKey, type ResourceStore, scopeOf } from './store.js';

/** A checked request with what the store needs: raw and typed parameters, the body's media type. */
export interface StatefulRequest extends ValidRequest {
  pathParameters: Readonly<Record<string, string>>;
  parameters: ParameterValues;
  bodyMediaType: string | undefined;
}

/** Server-wide response settings plus the store. */
export interface StatefulSettings extends ResponseSettings {
  store: ResourceStore | undefined;
}

/** The answer from the store, or undefined to answer as a stateless mock does. */
export async function answerFromStore(
  request: StatefulRequest,
  preferences: Preferences,
  settings: StatefulSettings,
  state: MockState,
): Promise<MockReply | undefined> {
  const { store } = settings;
  const placed = state.resources?.roleOf(request.operation.id);
  if (!store || !placed || preferences.code !== undefined || preferences.example !== undefined) return undefined;
  const { collection, role } = placed;
  if (!collection.create && !store.preloads(collection.path)) return undefined;
  const answer = new Answer(request, preferences, settings, state, store, collection);
  return answer.run(role);
}

/** One request's answer, with everything it needs at hand. */
class Answer {
  private scope: string;

  constructor(
    private readonly request: StatefulRequest,
    private readonly preferences: Preferences,
    private readonly settings: StatefulSettings,
    private readonly state: MockState,
    private readonly store: ResourceStore,
    private readonly collection: Collection,
  ) {
    this.scope = scopeOf(request.pathParameters, collection.idParameter);
  }

  async run(role: ResourceRole): Promise<MockReply | undefined> {
    const { collection } = this;
    if (role === 'create') return this.create(collection.create!);
    if (role === 'list') return this.list();
    const operation = collection[role] as ItemOperation;
    // The operation's own id parameter (links may name it differently from the read's) is not part of the scope.
    this.scope = scopeOf(this.request.pathParameters, operation.parameter);
    const key = this.itemKey(operation.parameter);
    const existing = key === undefined ? undefined : this.store.get(collection.path, this.scope, key);
    if (!existing)
      return errorReply(
        this.state,
        this.request.operation,
        404,
        `no ${singular(collection.name)} with ${operation.parameter} ${key ?? '(none)'}${this.scope ? ` in ${this.scope}` : ''}`,
      );
    if (role === 'read') return this.serve(operation, existing.value);
    if (role === 'delete') {
      this.store.delete(collection.path, this.scope, existing.key);
      return this.serve(operation, existing.value);
    }
    const update = operation as NonNullable<Collection['update']>;
    const mergePatch = /merge-patch\+json/i.test(this.request.bodyMediaType ?? '');
    const built = update.merge
      ? mergedItem(existing.value, this.request.body, mergePatch, this.rules())
      : replacedItem(existing.value, this.request.body, this.rules());
    if (!built.ok) return this.cannotStore(built);
    this.store.put(collection.path, this.scope, { key: existing.key, value: built.value });
    return this.serve(operation, built.value);
  }

  private async create(create: ResourceOperation): Promise<MockReply> {
    const { collection, request } = this;
    const rules = this.rules();
    const idProperty = rules.shape.properties[collection.idField];
    const body = request.body;
    // The client names the item where the schema lets it write the id (a slug, a client-made uuid).
    const chosen =
      isRecord(body) &&
      collection.idField in body &&
      idProperty?.readOnly !== true &&
      rules.accepts(idProperty ?? {}, body[collection.idField]);
    let idFrom: Record<string, unknown>;
    if (chosen) {
      idFrom = body as Record<string, unknown>;
      const key = idKey(idFrom, collection.idField);
      // A taken id is a 409 where the create documents one (RFC 9110 section 15.5.10); elsewhere the new item replaces the old, as an upsert would.
      const documents409 = request.operation.responses.some((response) => response.status === '409');
      if (documents409 && this.store.has(collection.path, this.scope, key))
        return errorReply(
          this.state,
          request.operation,
          409,
          `a ${singular(collection.name)} with ${collection.idField} ${key} exists already`,
        );
    } else {
      const made = newId({
        schema: rules.idSchema,
        validate: this.idValidator(rules.idSchema),
        taken: (key) => this.store.has(collection.path, this.scope, key),
        serial: () => this.store.nextSerial(collection.path),
        scope: this.state.scope,
      });
      if (!made.ok) return this.cannotStore(made);
      idFrom = { [collection.idField]: made.value };
    }
    const built = createdItem(body, idFrom, rules);
    if (!built.ok) return this.cannotStore(built);
    const key = idKey(built.value, collection.idField);
    this.store.put(collection.path, this.scope, { key, value: built.value });
    return this.serve(create, built.value, this.locationHeader(key));
  }

  private async list(): Promise<MockReply> {
    const { collection, state } = this;
    const list = collection.list!;
    const page = listPage(
      this.store.items(collection.path, this.scope).map((item) => item.value),
      this.request.parameters.query,
      collection,
      list,
    );
    const validate = list.media
      ? state.validators.response(list.operation.id, list.status, list.media.mediaType)
      : undefined;
    // Each item as the list's own item schema shows it (list-item.ts).
    const shown = { ...page, items: page.items.map((item) => listItem(item, list, state)) };
    const body = listBody(shown, collection, list, validate ?? (() => []), state.scope, 0);
    if (!body.ok) return this.cannotStore(body);
    const total = collection.paging?.totalHeader;
    return respond(this.request, this.preferences, this.settings, state, {
      status: list.status,
      value: list.media ? body.value : undefined,
      headers: total ? { [total.toLowerCase()]: String(page.total) } : {},
    });
  }

  /** Answer with the operation's success status; the item is the body where that response's schema is the item's. */
  private serve(
    operation: ResourceOperation,
    item: Record<string, unknown>,
    headers: Record<string, string> = {},
  ): MockReply | Promise<MockReply> {
    // Stored items were checked against every response that serves them; another response (a delete's) is checked here.
    const validate = this.rules().serving.has(operation)
      ? () => []
      : itemValidator(operation, this.collection, this.state);
    const isItem = validate !== undefined && validate(item).length === 0;
    const body = isItem ? this.carrying(operation, item) : undefined;
    if (body && !body.ok) return this.cannotStore(body);
    const fixed: FixedAnswer = { status: operation.status, value: body?.value, headers };
    return respond(this.request, this.preferences, this.settings, this.state, fixed);
  }

  /** The body that carries `item`: the item itself, or the answer's envelope with the item in its member. */
  private carrying(operation: ResourceOperation, item: Record<string, unknown>): Envelope {
    if (!operation.itemPointer) return { ok: true, value: item };
    const media = operation.media!;
    const validate =
      this.state.validators.response(operation.operation.id, operation.status, media.mediaType) ?? (() => []);
    const envelope = envelopeOf(media.schema ?? operation, media.schema, validate, this.state.scope, 0);
    if (envelope.ok) envelope.value[decodePointer(operation.itemPointer)[0]!] = item;
    return envelope;
  }

  private rules(): CollectionRules {
    return itemRules(this.collection, this.state);
  }

  private idValidator(schema: Record<string, unknown> | undefined): BodyValidator {
    return schema ? this.state.schemaValidator(schema, 'response') : () => [];
  }

  /** The item's key from the typed path parameter (so `5`, `5.0` and `"5"` agree with the stored id). */
  private itemKey(parameter: string): string | undefined {
    const path = this.request.parameters.path;
    return parameter in path ? idKey(path, parameter) : this.request.pathParameters[parameter];
  }

  /** `Location: /v1/plants/7` when the create documents a Location header and the collection has an item path (RFC 9110 section 10.2.2). */
  private locationHeader(key: string): Record<string, string> {
    const { location } = this.rules();
    if (location === undefined) return {};
    const values: Record<string, string> = { ...this.request.pathParameters, [this.collection.idParameter!]: key };
    return {
      location: location.replace(/\{([^{}]+)\}/g, (whole, name: string) =>
        values[name] === undefined ? whole : encodeURIComponent(values[name]!),
      ),
    };
  }

  private cannotStore(failure: Extract<Built, { ok: false }> | { ok: false; reason: string }): MockReply {
    return errorReply(
      this.state,
      this.request.operation,
      500,
      `the stateful mock cannot make a valid ${singular(this.collection.name)} (${failure.reason}); check that the schema at ${this.collection.path} can be satisfied`,
    );
  }
}
