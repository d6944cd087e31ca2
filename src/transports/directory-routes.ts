// What the directories that list remote MCP servers ask of the server itself: OpenAI's domain
// verification token for ChatGPT apps, served as plain text at /.well-known/openai-apps-challenge
// (--openai-apps-challenge) on the MCP host, so that OpenAI can see the operator controls it.
import type { Config } from '../config.js';
import type { RouteHandler } from './routes.js';

export const OPENAI_APPS_CHALLENGE_PATH = '/.well-known/openai-apps-challenge';

export function directoryRoutes(config: Config): Record<string, RouteHandler> {
  const token = config.settings.openaiAppsChallenge;
  if (!token) return {};
  return {
    [OPENAI_APPS_CHALLENGE_PATH]: (req, res) => {
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain' }).end();
        return;
      }
      res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
      res.end(req.method === 'HEAD' ? undefined : token);
    },
  };
}
