/**
 * The order operations run in, so that producers run before consumers
 * (RESTler, section 3) and nothing destroys what another operation relies
 * on: stages of operations whose producers all ran in earlier stages (a list
 * after the create of its path, so it lists something), then every DELETE
 * in a last stage, children before parents. Within a stage, spec order. The
 * order depends on the spec alone, so a run is the same every time.
 */
import type { ProducerMap } from '../../core/resources/producers.js';
import { templatePath } from '../../core/routing/path-template.js';
import type { Operation } from '../../core/spec/types.js';

/** The stages of `operations`: each runs after every earlier one. */
export function operationStages(operations: readonly Operation[], producers: ProducerMap): Operation[][] {
  const byId = new Map(operations.map((operation) => [operation.id, operation]));
  const creates = new Map(
    operations
      .filter((operation) => operation.method === 'POST')
      .map((operation) => [templatePath(operation.path), operation.id]),
  );
  const dependencies = (operation: Operation): string[] => {
    const own = producers.dependencies(operation.id);
    // A list runs after the create of its own path: it then has something to list (and to hand on).
    const create = operation.method === 'GET' ? creates.get(templatePath(operation.path)) : undefined;
    return [...own, ...(create && create !== operation.id ? [create] : [])].filter(
      (id) => byId.has(id) && byId.get(id)!.method !== 'DELETE',
    );
  };
  const level = new Map<string, number>();
  const visiting = new Set<string>();
  const levelOf = (operation: Operation): number => {
    const known = level.get(operation.id);
    if (known !== undefined) return known;
    // A cycle (links both ways) is broken where it closes: that edge is ignored.
    if (visiting.has(operation.id)) return -1;
    visiting.add(operation.id);
    const value = 1 + Math.max(-1, ...dependencies(operation).map((id) => levelOf(byId.get(id)!)));
    visiting.delete(operation.id);
    level.set(operation.id, value);
    return value;
  };
  const kept = operations.filter((operation) => operation.method !== 'DELETE');
  const stages: Operation[][] = [];
  for (const operation of kept) (stages[levelOf(operation)] ??= []).push(operation);
  const deletes = operations
    .filter((operation) => operation.method === 'DELETE')
    .map((operation, index) => ({ operation, index, depth: templatePath(operation.path).split('/').length }))
    .sort((a, b) => b.depth - a.depth || a.index - b.index)
    .map((entry) => entry.operation);
  return [...stages.filter(Boolean), ...(deletes.length > 0 ? [deletes] : [])];
}
