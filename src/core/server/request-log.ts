/**
 * One line per request (method, path, status, ms; for 4xx/5xx the reason).
 * Lines are buffered and written once per event-loop turn so logging does
 * not cost a write per request under load.
 */
import type { TextSink } from '../text/text-sink.js';

/** Writes log lines; a no-op without a sink (`--quiet`, or the library default). */
export interface RequestLog {
  request(method: string, path: string, status: number, milliseconds: number, reason?: string): void;
  note(line: string): void;
  flush(): void;
}

/** A buffered log on `sink`. */
export function createRequestLog(sink: TextSink | undefined): RequestLog {
  if (!sink) return { request() {}, note() {}, flush() {} };
  let buffer = '';
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    if (buffer === '') return;
    sink.write(buffer);
    buffer = '';
  };
  const push = (line: string) => {
    buffer += `${line}\n`;
    if (!scheduled) {
      scheduled = true;
      setImmediate(flush);
    }
  };
  return {
    request(method, path, status, milliseconds, reason) {
      push(`${method} ${path} ${status} ${milliseconds.toFixed(1)} ms${reason ? ` - ${reason}` : ''}`);
    },
    note: push,
    flush,
  };
}
