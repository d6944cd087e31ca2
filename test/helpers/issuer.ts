// A real OAuth issuer for tests, on 127.0.0.1: an RS256 key pair (jose), its JWKS and an OpenID
// discovery document over HTTP, and access tokens signed with the key (or, for refusal tests,
// with a key the JWKS does not hold).
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type CryptoKey, exportJWK, generateKeyPair, SignJWT } from 'jose';

export interface TokenClaims {
  /** Default: the audience given to sign(). */
  aud?: string | string[];
  sub?: string;
  scope?: string;
  /** Seconds from now; negative for an expired token. Default 3600. */
  expiresIn?: number;
  iss?: string;
  azp?: string;
}

export interface TestIssuer {
  /** e.g. http://127.0.0.1:41234/realms/test */
  issuer: string;
  jwksUrl: string;
  /** Requests for the JWKS and the discovery document, to show the server read them. */
  hits: string[];
  sign(audience: string, claims?: TokenClaims, options?: { foreignKey?: boolean }): Promise<string>;
  close(): Promise<void>;
}

export async function startIssuer(): Promise<TestIssuer> {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const foreign = await generateKeyPair('RS256');
  const kid = `test-${randomUUID()}`;
  const jwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  const hits: string[] = [];
  let issuer = '';
  const server = createServer((req, res) => {
    hits.push(req.url ?? '');
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    const send = (body: unknown) =>
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (path === '/realms/test/.well-known/openid-configuration') {
      return send({
        issuer,
        authorization_endpoint: `${issuer}/protocol/openid-connect/auth`,
        token_endpoint: `${issuer}/protocol/openid-connect/token`,
        jwks_uri: `${issuer}/protocol/openid-connect/certs`,
        response_types_supported: ['code'],
        code_challenge_methods_supported: ['S256'],
      });
    }
    if (path === '/realms/test/protocol/openid-connect/certs') return send({ keys: [jwk] });
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}/realms/test`;
  const sign = async (audience: string, claims: TokenClaims = {}, options: { foreignKey?: boolean } = {}) => {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ scope: claims.scope ?? '', azp: claims.azp ?? 'test-client' })
      .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
      .setIssuer(claims.iss ?? issuer)
      .setAudience(claims.aud ?? audience)
      .setSubject(claims.sub ?? 'dispatcher@example.com')
      .setIssuedAt(now)
      .setExpirationTime(now + (claims.expiresIn ?? 3600))
      .sign(options.foreignKey ? (foreign.privateKey as CryptoKey) : privateKey);
  };
  return {
    issuer,
    jwksUrl: `${issuer}/protocol/openid-connect/certs`,
    hits,
    sign,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
