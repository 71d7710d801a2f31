/**
 * XML bodies (`application/xml`, `text/xml`, `+xml` types), read and written
 * with fast-xml-parser (the one module that imports it) and mapped to values
 * by the schema's XML Objects (OAS 4.8.26): element names from `xml.name` or
 * the component name, `attribute`, `wrapped` arrays, namespace prefixes.
 * Reading checks well-formedness first; the mapped value is then validated
 * like any other body.
 */
import { createRequire } from 'node:module';
import type { XMLBuilder, XMLParser, XMLValidator } from 'fast-xml-parser';
import { primitiveText } from '../params/encode.js';
import { childSchema, putText, valueShape } from '../params/text-value.js';
import { objectShape } from '../schema/object-shape.js';
import { componentName } from '../spec/schema-names.js';
import type { SchemaObject } from '../spec/types.js';
import type { MediaCodec } from './types.js';
import { decodeUtf8 } from './utf8.js';

const ATTRIBUTE = '@_';
const TEXT = '#text';

/** fast-xml-parser's parts, configured for plantkit. */
interface Xml {
  parser: XMLParser;
  builder: XMLBuilder;
  validator: typeof XMLValidator;
}

let xml: Xml | undefined;

/**
 * fast-xml-parser, loaded on the first XML body: a spec without XML never
 * pays for it (its ES module entry and dependencies, 13 files, were about
 * 0.1 s of CPU at every mock and contract start; issue 22). Loaded with
 * require, which picks the package's CommonJS entry (the same release,
 * built into one file: 0.02 s), since the codec is synchronous.
 */
function loadXml(): Xml {
  if (xml) return xml;
  const { XMLBuilder, XMLParser, XMLValidator } = createRequire(import.meta.url)(
    'fast-xml-parser',
  ) as typeof import('fast-xml-parser');
  xml = {
    parser: new XMLParser({
      ignoreAttributes: false,
      attributeNamePrefix: ATTRIBUTE,
      textNodeName: TEXT,
      parseTagValue: false,
      parseAttributeValue: false,
      removeNSPrefix: true,
      trimValues: true,
      processEntities: true,
      htmlEntities: false,
    }),
    builder: new XMLBuilder({
      ignoreAttributes: false,
      attributeNamePrefix: ATTRIBUTE,
      textNodeName: TEXT,
      format: false,
      suppressEmptyNode: false,
      processEntities: true,
    }),
    validator: XMLValidator,
  };
  return xml;
}

type XmlNode = Record<string, unknown>;

/** True for XML media types (RFC 7303). */
export function isXmlMediaType(essence: string): boolean {
  return essence === 'application/xml' || essence === 'text/xml' || essence.endsWith('+xml');
}

/** The XML codec. */
export const xmlCodec: MediaCodec = {
  name: 'xml',
  handles: isXmlMediaType,
  decode(body, context) {
    const text = decodeUtf8(body);
    if (text === undefined) return { ok: false, message: 'XML body is not valid UTF-8' };
    const { validator, parser } = loadXml();
    const wellFormed = validator.validate(text);
    if (wellFormed !== true)
      return {
        ok: false,
        message: `body is not well-formed XML: ${wellFormed.err.msg} (line ${wellFormed.err.line}, column ${wellFormed.err.col})`,
      };
    const document = parser.parse(text) as XmlNode;
    const rootName = Object.keys(document).find((key) => !key.startsWith('?') && !key.startsWith('#'));
    if (rootName === undefined) return { ok: false, message: 'XML body has no root element' };
    const expected = xmlOf(context.schema).name;
    if (typeof expected === 'string' && localName(expected) !== rootName)
      return { ok: false, message: `root element is <${rootName}>, the spec documents <${expected}>` };
    return { ok: true, value: fromNode(document[rootName], context.schema, 0), validatable: true };
  },
  encode(value, context) {
    const name = elementName(context.schema, 'root');
    const root: XmlNode = { [name]: toNode(value, context.schema, 0) };
    const namespace = xmlOf(context.schema).namespace;
    if (typeof namespace === 'string') {
      const prefix = xmlOf(context.schema).prefix;
      (root[name] as XmlNode)[`${ATTRIBUTE}xmlns${typeof prefix === 'string' ? `:${prefix}` : ''}`] = namespace;
    }
    return {
      body: Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>${loadXml().builder.build(root) as string}`),
      contentType: context.mediaType.essence,
    };
  },
};

function xmlOf(schema: SchemaObject | undefined): Record<string, unknown> {
  const xml = schema?.xml;
  return typeof xml === 'object' && xml !== null ? (xml as Record<string, unknown>) : {};
}

/** `xml.name` (with its prefix), else the component name, else `fallback`. */
function elementName(schema: SchemaObject | undefined, fallback: string): string {
  const xml = xmlOf(schema);
  const name = typeof xml.name === 'string' ? xml.name : (componentName(schema) ?? fallback);
  return typeof xml.prefix === 'string' ? `${xml.prefix}:${name}` : name;
}

function localName(name: string): string {
  return name.includes(':') ? name.slice(name.indexOf(':') + 1) : name;
}

const MAX_DEPTH = 32;

function toNode(value: unknown, schema: SchemaObject | undefined, depth: number): unknown {
  if (depth > MAX_DEPTH) return '';
  if (Array.isArray(value)) {
    const items = childSchema(schema);
    return { [elementName(items, 'item')]: value.map((item) => toNode(item, items, depth + 1)) };
  }
  if (typeof value !== 'object' || value === null) return primitiveText(value);
  const node: XmlNode = {};
  const properties = objectShape(schema).properties;
  for (const [name, item] of Object.entries(value)) {
    const property = properties[name];
    const xml = xmlOf(property);
    const element = elementName(property, name);
    if (xml.attribute === true) {
      node[`${ATTRIBUTE}${element}`] = primitiveText(item, value, name);
    } else if (Array.isArray(item)) {
      const items = childSchema(property);
      const children = item.map((entry, index) =>
        typeof entry === 'object' && entry !== null
          ? toNode(entry, items, depth + 1)
          : primitiveText(entry, item, index),
      );
      if (xml.wrapped === true) node[element] = { [elementName(items, localName(element))]: children };
      else node[elementName(items, element)] = children;
    } else {
      node[element] =
        typeof item === 'object' && item !== null
          ? toNode(item, property, depth + 1)
          : primitiveText(item, value, name);
    }
  }
  return node;
}

function fromNode(node: unknown, schema: SchemaObject | undefined, depth: number): unknown {
  const shape = valueShape(schema);
  if (shape === 'primitive' || depth > MAX_DEPTH) {
    const holder: Record<string, unknown> = {};
    putText(holder, 'value', textOf(node), schema);
    return holder.value;
  }
  const element = typeof node === 'object' && node !== null ? (node as XmlNode) : {};
  if (shape === 'array') {
    const items = childSchema(schema);
    return listOf(element[localName(elementName(items, 'item'))]).map((item) => fromNode(item, items, depth + 1));
  }
  const value: Record<string, unknown> = {};
  for (const [name, property] of Object.entries(objectShape(schema).properties)) {
    const xml = xmlOf(property);
    const element_ = localName(elementName(property, name));
    if (xml.attribute === true) {
      const text = element[`${ATTRIBUTE}${element_}`];
      if (typeof text === 'string') putText(value, name, text, property);
    } else if (valueShape(property) === 'array') {
      const items = childSchema(property);
      const itemName = localName(elementName(items, element_));
      const holder = xml.wrapped === true ? element[element_] : element;
      const list = typeof holder === 'object' && holder !== null ? (holder as XmlNode)[itemName] : undefined;
      if (list !== undefined || (xml.wrapped === true && holder !== undefined))
        value[name] = listOf(list).map((item) => fromNode(item, items, depth + 1));
    } else if (element[element_] !== undefined) {
      value[name] = fromNode(element[element_], property, depth + 1);
    }
  }
  return value;
}

function textOf(node: unknown): string {
  if (typeof node === 'string') return node;
  if (typeof node === 'object' && node !== null && typeof (node as XmlNode)[TEXT] === 'string')
    return (node as XmlNode)[TEXT] as string;
  return '';
}

function listOf(value: unknown): unknown[] {
  return value === undefined ? [] : Array.isArray(value) ? value : [value];
}
