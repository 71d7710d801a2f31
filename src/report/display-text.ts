/**
 * Values echoed in the console, made safe to show: characters a terminal
 * would show as nothing or as something else become JSON escapes (so the
 * value reads the same), and long values are cut between code points, with
 * the full length said. Reports (JSON, JUnit) keep values whole.
 */

/** Longest echoed value in the console, in characters (code points). */
const MAX_ECHOED = 200;

/**
 * Characters a terminal shows as nothing or as something else (controls,
 * format characters, unassigned and private-use code points, separators
 * other than the space, and combining marks, which would merge with the
 * quote before them).
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{M}]|(?! )\p{Zs}/gu;

/** `text` with invisible characters escaped and cut at `max` code points: `aaaa… (256 characters)`. */
export function displayText(text: string, max = MAX_ECHOED): string {
  const shown = [...text.replace(INVISIBLE, (character) => [...character].map(escapeUnit).join(''))];
  return shown.length > max ? `${shown.slice(0, max - 1).join('')}… (${[...text].length} characters)` : shown.join('');
}

function escapeUnit(character: string): string {
  let out = '';
  for (let index = 0; index < character.length; index += 1)
    out += `\\u${character.charCodeAt(index).toString(16).padStart(4, '0')}`;
  return out;
}
