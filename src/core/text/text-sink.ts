/** Where text goes: a stream or a test's string buffer. */
export interface TextSink {
  write(text: string): unknown;
}
