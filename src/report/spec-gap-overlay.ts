/**
 * The spec gaps of a run as an OpenAPI Overlay 1.0.0 document
 * (spec.openapis.org/overlay/v1.0.0): one action per operation and status,
 * whose target is the operation's `responses` (an RFC 9535 normalized
 * path) and whose update adds the status with its description and, per
 * media type seen, a schema inferred from the bodies seen
 * (core/schema/infer-schema.ts). A team reviews it and applies it to its spec
 * with any overlay tool. Bodies are redacted before anything is read from
 * them: no secret reaches the overlay.
 */
import { STATUS_CODES } from 'node:http';
import type { SpecGap } from '../contract/types.js';
import type { Redactor } from '../core/exchange/redact.js';
import { isJsonMediaType } from '../core/http/media-type.js';
import { parseJson } from '../core/json/exact-json.js';
import { decodePointer } from '../core/json/json-pointer.js';
import { inferSchema } from '../core/schema/infer-schema.js';
import type { LoadedSpec, SchemaObject } from '../core/spec/types.js';

/** An Overlay 1.0.0 document. */
export interface OverlayDocument {
  overlay: '1.0.0';
  info: { title: string; version: string };
  /** The spec it applies to, relative to the overlay file (a URI reference, section 4.4.1). */
  extends?: string;
  actions: OverlayAction[];
}

/** One update action (Overlay 1.0.0 section 4.4.3). */
export interface OverlayAction {
  target: string;
  description: string;
  update: Record<string, unknown>;
}

/** Cases named in an action's description; the JSON report lists them all. */
const NAMED_CASES = 3;

/** The overlay adding every gap of `gaps` to `spec`; `extendsRef` names the spec file for the `extends` field. */
export function specGapOverlay(
  gaps: readonly SpecGap[],
  spec: Pick<LoadedSpec, 'title' | 'apiVersion' | 'version' | 'convertedFrom'>,
  redact: Redactor,
  extendsRef?: string,
): OverlayDocument {
  return {
    overlay: '1.0.0',
    info: { title: `Spec gaps of ${spec.title} ${spec.apiVersion} seen by plantkit contract`, version: '1.0.0' },
    ...(extendsRef ? { extends: extendsRef } : {}),
    actions: gaps.map((gap) => ({
      target: `${normalizedPath(decodePointer(gap.pointer))}['responses']`,
      description: redact(`${gap.fix}: ${gap.reason} (${seenIn(gap)})`),
      update: { [String(gap.status)]: responseObject(gap, spec, redact) },
    })),
  };
}

/** `$['paths']['/todos/{id}']['get']`: an RFC 9535 normalized path (section 2.7), quotes and backslashes escaped. */
function normalizedPath(tokens: readonly string[]): string {
  const quote = (token: string) =>
    `'${token
      .replace(/\\/g, '\\\\')
      .replace(/'/g, "\\'")
      .replace(/[\u0000-\u001f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)}'`;
  return `$${tokens.map((token) => `[${quote(token)}]`).join('')}`;
}

function seenIn(gap: SpecGap): string {
  const named = gap.cases.slice(0, NAMED_CASES).join(', ');
  const more = gap.cases.length > NAMED_CASES ? ` and ${gap.cases.length - NAMED_CASES} more` : '';
  return `${gap.responses} response${gap.responses === 1 ? '' : 's'}; cases ${named}${more}`;
}

/** The Response Object: the status's reason phrase, and a schema per media type seen (Swagger 2.0: one `schema`). */
function responseObject(
  gap: SpecGap,
  spec: Pick<LoadedSpec, 'version' | 'convertedFrom'>,
  redact: Redactor,
): Record<string, unknown> {
  const description = STATUS_CODES[gap.status] ?? `Status ${gap.status}`;
  const content = new Map<string, SchemaObject | undefined>();
  for (const mediaType of new Set(gap.bodies.filter((body) => body.body !== '').map((body) => body.mediaType))) {
    if (mediaType === undefined) continue;
    const bodies = gap.bodies.filter((body) => body.mediaType === mediaType).map((body) => redact(body.body));
    content.set(mediaType, schemaOf(mediaType, bodies, spec.version));
  }
  if (spec.convertedFrom) {
    const json = [...content.entries()].find(([mediaType]) => isJsonMediaType(mediaType))?.[1];
    return { description, ...(json ? { schema: json } : {}) };
  }
  if (content.size === 0) return { description };
  return {
    description,
    content: Object.fromEntries(
      [...content.entries()].map(([mediaType, schema]) => [mediaType, schema ? { schema } : {}]),
    ),
  };
}

/** JSON bodies give an inferred schema, text a string; others (XML, bytes) no schema: their reading depends on more than the body. */
function schemaOf(
  mediaType: string,
  bodies: readonly string[],
  version: LoadedSpec['version'],
): SchemaObject | undefined {
  if (isJsonMediaType(mediaType)) {
    const values = bodies.map(parseJson).flatMap((parsed) => (parsed.ok ? [parsed.value] : []));
    return values.length === bodies.length ? inferSchema(values, version) : undefined;
  }
  if (mediaType.startsWith('text/') && !mediaType.endsWith('xml')) return { type: 'string' };
  return undefined;
}
