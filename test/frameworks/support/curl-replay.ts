/**
 * Replaying the curl lines of a report as a person would: paste each into a shell and read what comes back.
 * Lines run with Debian's /usr/bin/curl through bash (they are POSIX-quoted), against 127.0.0.1 only.
 */
import { execFile } from 'node:child_process';
import type { PlantedBug } from '../apps/catalog.mjs';

/** What curl -i printed: the status, the headers (lower-case names) and the body. */
export interface Replayed {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** One step of a stateful sequence in a JSON report. */
export interface StepRecord {
  title: string;
  method: string;
  url: string;
  status: number | null;
  failed: boolean;
  curl: string;
}

/** Run one printed curl line with /usr/bin/curl; refuses any line that does not target 127.0.0.1. */
function replayCurl(line: string): Promise<Replayed> {
  if (!line.startsWith('curl ')) throw new Error(`not a curl line: ${line}`);
  if (!/ '?http:\/\/127\.0\.0\.1:\d+\//.test(line)) throw new Error(`not a loopback curl line: ${line}`);
  const command = `/usr/bin/curl -sS --max-time 20 ${line.slice('curl '.length)}`;
  return new Promise((resolve, reject) => {
    execFile('/bin/bash', ['-c', command], { maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) return reject(new Error(`${line}\n${stderr || error.message}`));
      resolve(parseCurlOutput(stdout));
    });
  });
}

/** `HTTP/1.1 200 OK\r\nname: value\r\n\r\nbody` (after any interim 1xx responses). */
function parseCurlOutput(output: string): Replayed {
  let rest = output;
  for (;;) {
    const end = rest.indexOf('\r\n\r\n');
    const head = end < 0 ? rest : rest.slice(0, end);
    const body = end < 0 ? '' : rest.slice(end + 4);
    const [statusLine = '', ...fields] = head.split('\r\n');
    const status = Number(/^HTTP\/[\d.]+ (\d{3})/.exec(statusLine)?.[1]);
    if (Number.isNaN(status)) throw new Error(`curl printed no status line: ${output.slice(0, 200)}`);
    if (status >= 100 && status < 200) {
      rest = body;
      continue;
    }
    const headers: Record<string, string> = {};
    for (const field of fields) {
      const colon = field.indexOf(':');
      if (colon > 0) headers[field.slice(0, colon).trim().toLowerCase()] = field.slice(colon + 1).trim();
    }
    return { status, headers, body };
  }
}

/** `create todo #2` -> 2: the item a sequence step names, if any. */
function itemNumber(title: string): string | undefined {
  return /#(\d+)\b/.exec(title)?.[1];
}

/** A step's URL with its last path segment (the item's id) replaced by `id`. */
function withItemId(url: string, id: string): string {
  const parsed = new URL(url);
  const segments = parsed.pathname.split('/');
  segments[segments.length - 1] = encodeURIComponent(id);
  parsed.pathname = segments.join('/');
  return parsed.toString();
}

/** The same steps sent to the app at origin `to` (`http://127.0.0.1:PORT`) in place of `from`. */
export function retarget(steps: readonly StepRecord[], from: string, to: string): StepRecord[] {
  return steps.map((step) => ({ ...step, url: step.url.replace(from, to), curl: step.curl.replaceAll(from, to) }));
}

/** A sequence replayed step by step: what each step got, and the ids the replay created and still holds. */
export interface ReplayedSequence {
  steps: Array<{ step: StepRecord; replayed: Replayed }>;
  /** Ids created by the replay's create steps and not deleted by a later one. */
  live: string[];
}

/**
 * Replay a stateful sequence in order, as its report tells a person to: an item the run created is created
 * again, and the later steps on that item use the id the replay got (read from `idField` of the create's
 * answer) in place of the run's.
 */
export async function replaySequence(steps: readonly StepRecord[], idField: string): Promise<ReplayedSequence> {
  const ids = new Map<string, string>();
  const live = new Set<string>();
  const replayedSteps: ReplayedSequence['steps'] = [];
  for (const step of steps) {
    const item = itemNumber(step.title);
    const creates = /^create\b/i.test(step.title);
    let line = step.curl;
    if (item !== undefined && !creates && ids.has(item))
      line = line.replace(step.url, withItemId(step.url, ids.get(item)!));
    const replayed = await replayCurl(line);
    replayedSteps.push({ step, replayed });
    if (creates && item !== undefined && replayed.status >= 200 && replayed.status < 300) {
      const id = String((JSON.parse(replayed.body) as Record<string, unknown>)[idField]);
      ids.set(item, id);
      live.add(id);
    }
    if (step.method === 'DELETE' && item !== undefined && replayed.status >= 200 && replayed.status < 300)
      live.delete(ids.get(item) ?? '');
  }
  return { steps: replayedSteps, live: [...live] };
}

/** The ids of the items a list answer holds: objects by `idField`, plain values as they are. */
function listedIds(body: string, idField: string): string[] {
  const items = JSON.parse(body) as unknown;
  const list = Array.isArray(items) ? items : [];
  return list.map((item) =>
    typeof item === 'object' && item !== null ? String((item as Record<string, unknown>)[idField]) : String(item),
  );
}

/**
 * Whether the replay shows `bug` again at its first failed step: the same status, and where the bug is not
 * the status, a Content-Type other than the documented one; a list without an item the replay created and
 * still holds, on a page with room for it; or a total count below the items on the page or the replay holds.
 */
export function showsBug(sequence: ReplayedSequence, bug: PlantedBug, idField: string): boolean {
  const failed = sequence.steps.find(({ step }) => step.failed) ?? sequence.steps.at(-1);
  if (!failed) return false;
  const { replayed, step } = failed;
  if (replayed.status !== bug.status) return false;
  if (bug.reproduce === 'status') return true;
  if (bug.reproduce === 'content-type') return !replayed.headers['content-type']?.startsWith(bug.contentType ?? '');
  const listed = listedIds(replayed.body, idField);
  if (bug.reproduce === 'list-misses-created') {
    const limit = new URL(step.url).searchParams.get('limit');
    const room = limit === null || listed.length < Number(limit);
    return room && sequence.live.some((id) => !listed.includes(id));
  }
  const total = Number(replayed.headers['x-total-count']);
  return total < listed.length || total < sequence.live.length;
}
