// The `Buffer` global of the browser build: the `buffer` package, Node's API over Uint8Array.
export { Buffer } from 'buffer';
