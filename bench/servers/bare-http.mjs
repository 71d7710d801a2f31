// The ceiling for the mock benchmark: node:http that reads and parses the
// body and answers fixed JSON, nothing else.
import { createServer } from 'node:http';

const port = Number(process.argv[2] ?? 4011);
const answer = JSON.stringify({ name: 'Monstera deliciosa', tag: 'indoor' });
createServer((request, response) => {
  let body = '';
  request.on('data', (chunk) => (body += chunk));
  request.on('end', () => {
    try {
      JSON.parse(body);
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(answer);
    } catch {
      response.writeHead(400, { 'content-type': 'application/json' });
      response.end('{"error":400,"message":"bad json"}');
    }
  });
}).listen(port, '127.0.0.1');
