// One request passed on by a test's reverse proxy: to its upstream with the headers the proxy
// chooses, the answer streamed back as it comes (502 when the upstream cannot be reached).
import {
  type ClientRequest,
  type IncomingHttpHeaders,
  type IncomingMessage,
  request,
  type ServerResponse,
} from 'node:http';

/** The upstream request, for the caller to end: with the body it read, or by piping `req` into it. */
export function forward(
  upstream: URL,
  req: IncomingMessage,
  res: ServerResponse,
  headers: IncomingHttpHeaders,
): ClientRequest {
  const sent = request(upstream, { method: req.method, headers }, (answer) => {
    res.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.pipe(res);
  });
  sent.on('error', () => res.writeHead(502).end());
  return sent;
}
