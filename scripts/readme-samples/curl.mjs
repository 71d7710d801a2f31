// @ts-check
/**
 * Requests of the README samples as a person types them with curl, and the
 * answers as curl shows them (`-i`: the status line and the headers that
 * matter). The requests really go to a server on port 0; the commands show
 * the address the README documents.
 */

/** @typedef {{ method: string, body?: unknown, auth?: boolean, include?: boolean }} SampleRequest */
/** @typedef {{ method: string, path: string, headers?: Record<string, string>, body?: unknown, include?: boolean }} WalkRequest */

/**
 * POST /plants requests against `url` with their answers (`-i` ones with status and the `shownHeaders`), shown as if sent to `shownUrl`.
 * @param {string} url @param {SampleRequest[]} requests @param {string[]} shownHeaders @param {string} shownUrl
 */
export async function curlBlocks(url, requests, shownHeaders, shownUrl) {
  const blocks = [];
  /** @type {string | undefined} */
  let previous;
  for (const sample of requests) {
    const answer = await send(url, sample);
    const flags = sample.include ? '-i' : '-s';
    const headerFlags = Object.entries(answer.headers)
      .map(([name, value]) => `-H '${name}: ${value}'`)
      .join(' ');
    const start = `curl ${flags} -X ${sample.method} ${shownUrl}/plants${headerFlags ? ` ${headerFlags}` : ''}`;
    const data = sample.body === undefined ? '' : ` -d '${bodyText(sample.body)}'`;
    // Repeats of the same request line are shortened as a person would.
    const command = start === previous ? `curl ...${data}` : `${start}${data}`;
    previous = start;
    const shown = shownHeaders.flatMap((name) =>
      answer.responseHeaders.has(name) ? [`${name}: ${answer.responseHeaders.get(name)}`] : [],
    );
    const head = sample.include ? `HTTP/1.1 ${answer.status} ${answer.statusText}\n${shown.join('\n')}\n\n` : '';
    blocks.push(`$ ${command}\n${head}${answer.text}`);
  }
  return blocks.join('\n\n');
}

/**
 * Send one sample request to `url`/plants (a bearer token unless `auth: false`), as curlBlocks shows it.
 * @param {string} url @param {SampleRequest} sample
 */
export async function send(url, sample) {
  /** @type {Record<string, string>} */
  const headers = {};
  if (sample.auth !== false && sample.method !== 'GET') headers.Authorization = 'Bearer dev';
  if (sample.body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${url}/plants`, {
    method: sample.method,
    headers,
    ...(sample.body === undefined ? {} : { body: bodyText(sample.body) }),
  });
  return {
    headers,
    status: response.status,
    statusText: response.statusText,
    responseHeaders: response.headers,
    text: await response.text(),
  };
}

/**
 * A curl walk-through against `url`: each request (any method and path) as a
 * curl command and its answer (`-i` ones with the status line and the headers
 * named in `show`), shown as if sent to `shownUrl`.
 * @param {string} url @param {WalkRequest[]} requests @param {string[]} show @param {string} shownUrl
 */
export async function walkBlocks(url, requests, show, shownUrl) {
  const blocks = [];
  for (const request of requests) {
    const headers = {
      ...request.headers,
      ...(request.body === undefined ? {} : { 'Content-Type': 'application/json' }),
    };
    const response = await fetch(`${url}${request.path}`, {
      method: request.method,
      headers,
      ...(request.body === undefined ? {} : { body: bodyText(request.body) }),
    });
    const text = await response.text();
    const headerFlags = Object.entries(headers)
      .map(([name, value]) => ` -H '${name}: ${value}'`)
      .join('');
    const command = `curl ${request.include ? '-i' : '-s'}${request.method === 'GET' ? '' : ` -X ${request.method}`} ${shownUrl}${request.path}${headerFlags}${request.body === undefined ? '' : ` -d '${bodyText(request.body)}'`}`;
    const shown = show.flatMap((name) =>
      response.headers.has(name) ? [`${name}: ${response.headers.get(name)}`] : [],
    );
    const head = request.include
      ? `HTTP/1.1 ${response.status} ${response.statusText}\n${shown.map((line) => `${line}\n`).join('')}${text ? '\n' : ''}`
      : '';
    blocks.push(`$ ${command}\n${head}${text}`.trimEnd());
  }
  return blocks.join('\n\n');
}

/** @param {unknown} body */
function bodyText(body) {
  // int64 ids beyond 2^53 are written as strings in SAMPLES and sent as exact digits.
  return JSON.stringify(body)
    .replace(/"(-?\d{16,})"/g, '$1')
    .replace(/[,:](?=["{\d-])/g, '$& ');
}
