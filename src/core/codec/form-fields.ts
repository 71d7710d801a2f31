/**
 * The properties of a form body (urlencoded or multipart) as parameters: a
 * form is serialised like a query string, property by property, with the
 * style of its Encoding Object (OAS 4.8.15: form, exploded, by default), so
 * the parameter codecs read and write it.
 */
import { objectShape } from '../schema/object-shape.js';
import type { OperationParameter, PropertyEncoding, SchemaObject } from '../spec/types.js';

/** One form field per declared property of the body schema. */
export function formFields(
  schema: SchemaObject | undefined,
  encoding: Record<string, PropertyEncoding>,
): OperationParameter[] {
  const shape = objectShape(schema);
  return Object.entries(shape.properties).map(([name, property]) => {
    const own = encoding[name];
    const style = own?.style ?? 'form';
    return {
      name,
      in: 'query' as const,
      pointer: '',
      required: shape.required.includes(name),
      schema: property,
      examples: [],
      style,
      explode: own?.explode ?? style === 'form',
      allowReserved: own?.allowReserved ?? false,
      mediaType: undefined,
      deprecated: false,
    };
  });
}
