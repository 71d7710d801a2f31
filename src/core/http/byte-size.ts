/** Byte counts for messages, e.g. `10 MiB`, `1 KiB`, `1500 bytes`. */
export function formatBytes(bytes: number): string {
  return bytes % 1048576 === 0
    ? `${bytes / 1048576} MiB`
    : bytes % 1024 === 0
      ? `${bytes / 1024} KiB`
      : `${bytes} bytes`;
}
