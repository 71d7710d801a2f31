/**
 * Why the mock could not listen, as one line that points at the flag to
 * change: a port problem names --port, an address problem names --host.
 */
import { PlantkitError } from '../errors.js';

/** The fault for a failed `server.listen(port, host)`. */
export function listenFault(error: NodeJS.ErrnoException, port: number, host: string): PlantkitError {
  switch (error.code) {
    case 'EADDRINUSE':
      return new PlantkitError('PLANTKIT_MOCK_START', `port ${port} on ${host} is already in use`, {
        hint: 'pass --port with a free port, or --port 0 to pick one',
      });
    case 'EACCES':
      return new PlantkitError('PLANTKIT_MOCK_START', `port ${port} on ${host} needs more privileges`, {
        hint: 'pass --port 1024 or above, or --port 0 to pick one',
      });
    case 'EADDRNOTAVAIL':
      return new PlantkitError(
        'PLANTKIT_MOCK_START',
        `cannot listen on ${host}: it is not an address of this machine`,
        { hint: "pass --host 127.0.0.1, 0.0.0.0 for every interface, or one of this machine's addresses" },
      );
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'EAI_NONAME':
      return new PlantkitError('PLANTKIT_MOCK_START', `cannot listen on ${host}: the host name does not resolve`, {
        hint: "pass --host 127.0.0.1, 0.0.0.0 for every interface, or one of this machine's addresses",
      });
    default:
      return new PlantkitError('PLANTKIT_MOCK_START', `cannot listen on ${host} port ${port}: ${error.message}`, {
        hint: 'check --host and --port',
      });
  }
}
