/**
 * The extra lines of a failed generated case in the console report: the
 * (shrunk) body that was sent, what it was shrunk from, the response, and the
 * seed that replays it. The token never appears: callers redact every line.
 */
import { previewText } from '../findings.js';
import type { CaseResult } from '../contract/types.js';

/** Longest body shown in full; the curl line always carries the whole body. */
const MAX_BODY = 400;

/** Lines (without indentation) for a failed generated result; none for other results. */
export function generatedLines(result: CaseResult): string[] {
  const details = result.generated;
  if (!details || result.verdict !== 'failed') return [];
  const lines: string[] = [];
  const body = result.case.request.body;
  if (body !== undefined) lines.push(`sent:       ${cut(body)}`);
  if (details.original !== undefined) {
    lines.push(`shrunk:     ${details.shrinks} step${details.shrinks === 1 ? '' : 's'} from ${cut(details.original)}`);
  }
  const response = result.exchange.response;
  if (response) lines.push(`response:   ${response.status} ${previewText(response.body, 160)}`);
  lines.push(`seed:       ${details.seed} (replay with --seed ${details.seed}; ${details.requests} request${details.requests === 1 ? '' : 's'} in this ${details.phase} case)`);
  return lines;
}

/**
 * Characters a terminal shows as nothing or as something else (controls,
 * format characters, unassigned and private-use code points, separators
 * other than the space, and combining marks, which would merge with the
 * quote before them).
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{M}]|(?! )\p{Zs}/gu;

/** A body for display: invisible characters as JSON escapes (the same JSON value), long bodies cut. */
function cut(text: string): string {
  const shown = [...text.replace(INVISIBLE, (character) => [...character].map(escapeUnit).join(''))];
  // Cut between code points, never inside a surrogate pair.
  return shown.length > MAX_BODY ? `${shown.slice(0, MAX_BODY - 1).join('')}… (${[...text].length} characters)` : shown.join('');
}

function escapeUnit(character: string): string {
  let out = '';
  for (let index = 0; index < character.length; index += 1) out += `\\u${character.charCodeAt(index).toString(16).padStart(4, '0')}`;
  return out;
}
