/**
 * A parameter is now written differently on the wire: its `style` or
 * `explode` (OAS 3.1.0 section 4.8.12.4) changed in a way that changes the
 * text for its values, or it moved between a style and a media type
 * (`content`). Requests written the old way are read wrongly or refused:
 * `?id=1&id=2` is not `?id=1,2`, `filter[a]=1` is not `a=1`.
 * Single values are written alike in most styles, so only path parameters
 * (`5`, `.5`, `;id=5`) can break there; `explode` only matters for arrays
 * and objects (and for arrays not at all in `simple`).
 */
import { parseMediaType } from '../../core/http/media-type.js';
import type { OperationParameter } from '../../core/spec/types.js';
import type { DiffRule, RuleHit } from '../types.js';

/** request-parameter-style-changed */
export const requestParameterStyleChanged: DiffRule = {
  id: 'request-parameter-style-changed',
  level: 'breaking',
  summary: 'a parameter is serialised differently (style, explode, or content media type changed)',
  check: (comparison) =>
    comparison.parameters.flatMap((pair): RuleHit[] => {
      const { base, head } = pair;
      if (!base || !head) return [];
      const [was, is] = [kindOf(base.schema), kindOf(head.schema)];
      // A single value that became an array (or back) is written like a one-item array: compare as single values.
      const kind = was === is ? was : 'single';
      const [from, to] = [wireForm(base, kind), wireForm(head, kind)];
      if (from === to) return [];
      return [
        {
          operation: pair.operation,
          pointer: pair.headPointer!,
          side: 'head',
          message: `${pair.name} is now written as ${describe(head)} (was ${describe(base)}): requests in the old form are misread`,
        },
      ];
    }),
};

type ValueKind = 'single' | 'array' | 'object';

/** What the values look like, read from the schema as written (a parameter's schema is usually plain). */
function kindOf(schema: OperationParameter['schema']): ValueKind {
  const raw = (schema ?? {}) as Record<string, unknown>;
  const types = typeof raw.type === 'string' ? [raw.type] : Array.isArray(raw.type) ? raw.type : [];
  if (types.includes('array') || (types.length === 0 && raw.items !== undefined)) return 'array';
  if (types.includes('object') || (types.length === 0 && raw.properties !== undefined)) return 'object';
  return 'single';
}

/** A text naming the serialisation; two parameters with the same text are written alike. */
function wireForm(parameter: OperationParameter, kind: ValueKind): string {
  if (parameter.mediaType !== undefined)
    return `content ${parseMediaType(parameter.mediaType)?.essence ?? parameter.mediaType.toLowerCase()}`;
  const { style, explode } = parameter;
  if (kind === 'single') return parameter.in === 'path' ? style : 'value';
  if (kind === 'array' && style === 'simple') return style;
  // spaceDelimited and pipeDelimited with explode are written as form with explode (section 4.8.12.4.1).
  if (kind === 'array' && explode && (style === 'spaceDelimited' || style === 'pipeDelimited')) return 'form true';
  return `${style} ${explode}`;
}

function describe(parameter: OperationParameter): string {
  return parameter.mediaType !== undefined
    ? `content ${parameter.mediaType}`
    : `style ${parameter.style}${parameter.explode ? ' exploded' : ''}`;
}
