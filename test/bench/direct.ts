// A direct GraphQL client for the comparisons: the same document a tool sends, straight to the
// sandbox with a token fetched once, the answer parsed as any client would.
import { fetchToken, type SandboxAddress } from '../helpers/sandbox.js';

export interface DirectGraphql {
  /** POST the document; resolves to the parsed `data`, throws on errors. */
  query(document: string, variables: Record<string, unknown>): Promise<unknown>;
}

export async function directGraphql(sandbox: SandboxAddress): Promise<DirectGraphql> {
  const token = await fetchToken(sandbox);
  return {
    async query(document, variables) {
      const response = await fetch(`${sandbox.baseUrl}/gql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ query: document, variables }),
      });
      const body = (await response.json()) as { data?: unknown; errors?: unknown };
      if (response.status !== 200 || body.errors) throw new Error(`GraphQL failed: ${JSON.stringify(body)}`);
      return body.data;
    },
  };
}
