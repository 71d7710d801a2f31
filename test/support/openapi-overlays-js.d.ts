/** Types of the one function the tests use from openapi-overlays-js (it ships none). */
declare module 'openapi-overlays-js/src/overlay.js' {
  /** Apply an Overlay document's actions to an OpenAPI document (updated in place and returned). */
  export function applyOverlay(definition: unknown, overlay: unknown): unknown;
}
