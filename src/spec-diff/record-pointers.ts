/**
 * Pointers of shared records (shared-records.ts). A record built once for
 * every root of a comparison cannot carry its pointer: a node's pointer
 * names the path on which the root being walked first met its Schema
 * Object, and roots meet the same object on different paths. So a shared
 * record's `pointer` is a token (a mark and the record's number), and each
 * pair of roots, before it is walked, writes the pointer every record it
 * reaches has under it into this table. Rules pass pointers through as they
 * are (a record's pointer, or a suffix added to it: `<token>/additionalProperties`),
 * so the hits of a walk carry tokens, filled with the walk's own pointers
 * when the walk ends (schema-walks.ts).
 */

/** Text no spec contains (a NUL and a random tag, one per thread) that starts a record's token. */
const MARK = `\u0000${Math.random().toString(36).slice(2)}r`;
const END = '\u0000';

/** Record numbers and, for the roots being walked, each record's pointer. */
export interface RecordPointers {
  /** A new record's number and token. */
  allocate(): { id: number; token: string };
  /** Forget the pointers of the roots walked before: a new pair of roots starts. */
  begin(): void;
  /** Has record `id` a pointer under the current roots? */
  has(id: number): boolean;
  set(id: number, pointer: string): void;
  /** `text` with a leading token replaced by its record's pointer under the current roots. */
  fill(text: string): string;
  /** Does `text` hold a token anywhere? */
  holdsToken(text: string): boolean;
}

/** An empty table (one per comparison: records of both sides share the numbering). */
export function createRecordPointers(): RecordPointers {
  // By record number: its pointer, valid while stamps[id] is the current generation.
  const pointers: string[] = [];
  const stamps: number[] = [];
  let generation = 0;
  return {
    allocate: () => {
      const id = pointers.length;
      pointers.push('');
      stamps.push(0);
      return { id, token: `${MARK}${id}${END}` };
    },
    begin: () => {
      generation += 1;
    },
    has: (id) => stamps[id] === generation,
    set: (id, pointer) => {
      pointers[id] = pointer;
      stamps[id] = generation;
    },
    fill: (text) => {
      if (!text.startsWith(MARK)) return text;
      const end = text.indexOf(END, MARK.length);
      const id = Number(text.slice(MARK.length, end));
      // A token nobody filled would reach the report: a record the roots' pointers missed is a defect, said loudly.
      if (stamps[id] !== generation) throw new Error(`spec diff: no pointer for shared record ${id} under this root`);
      return pointers[id] + text.slice(end + 1);
    },
    holdsToken: (text) => text.includes(MARK),
  };
}
