/**
 * What swagger2openapi drops from Swagger 2.0 form parameters: `allowEmptyValue`
 * (Swagger 2.0 Parameter Object: "Sets the ability to pass empty-valued
 * parameters. This is valid only for either query or formData parameters").
 * A `formData` string parameter that says `allowEmptyValue: false` becomes a
 * form property with `minLength: 1`, so an empty value is refused (as Prism
 * reads it); one that says nothing keeps accepting empty values, as 2.0 files
 * in the wild expect.
 */
import { asArray, asRecord } from './content.js';
import { HTTP_METHODS } from './operations.js';

type Json = Record<string, unknown>;

/** Give the converted form properties of `converted` the `minLength: 1` their 2.0 parameters in `original` imply. */
export function keepFormEmptyValues(original: Json, converted: Json): void {
  const parameters = asRecord(original.parameters);
  const resolve = (raw: unknown): Json => {
    const parameter = asRecord(raw);
    const ref = parameter.$ref;
    return typeof ref === 'string' && ref.startsWith('#/parameters/')
      ? asRecord(parameters[ref.slice('#/parameters/'.length)])
      : parameter;
  };
  for (const [path, rawItem] of Object.entries(asRecord(original.paths))) {
    const item = asRecord(rawItem);
    for (const method of HTTP_METHODS) {
      const operation = asRecord(item[method]);
      const refused = [...asArray(item.parameters), ...asArray(operation.parameters)]
        .map(resolve)
        .filter(
          (parameter) =>
            parameter.in === 'formData' &&
            parameter.allowEmptyValue === false &&
            parameter.type === 'string' &&
            typeof parameter.name === 'string',
        )
        .map((parameter) => parameter.name as string);
      if (refused.length === 0) continue;
      const body = asRecord(asRecord(asRecord(asRecord(converted.paths)[path])[method]).requestBody);
      for (const media of Object.values(asRecord(body.content))) {
        const properties = asRecord(asRecord(asRecord(media).schema).properties);
        for (const name of refused) {
          const property = properties[name];
          if (!property || typeof property !== 'object') continue;
          const schema = property as Json;
          if (typeof schema.minLength !== 'number' || schema.minLength < 1) schema.minLength = 1;
        }
      }
    }
  }
}
