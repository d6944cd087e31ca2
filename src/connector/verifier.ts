// Verifies the connector's own access tokens on every call: opaque tokens looked up through
// oidc-provider (expired, revoked or unknown ones are not found), issued for this resource
// (the audience, RFC 8707), naming the grant and the tenant (the account) they were issued under.
import {
  type AuthInfo,
  OAuthError,
  OAuthErrorCode,
  type OAuthTokenVerifier,
} from '@modelcontextprotocol/server';
import type Provider from 'oidc-provider';

export function connectorVerifier(provider: () => Provider, resource: () => string): OAuthTokenVerifier {
  return {
    async verifyAccessToken(token: string): Promise<AuthInfo> {
      const found = await provider().AccessToken.find(token);
      if (!found || found.isExpired)
        throw new OAuthError(OAuthErrorCode.InvalidToken, 'Token is not valid, expired or revoked');
      const expected = resource();
      const audiences = [found.aud].flat().filter((value): value is string => typeof value === 'string');
      if (!audiences.includes(expected)) {
        throw new OAuthError(OAuthErrorCode.InvalidToken, 'Token was not issued for this resource');
      }
      return {
        token,
        clientId: found.clientId as string,
        scopes: (found.scope ?? '').split(' ').filter(Boolean),
        expiresAt: found.exp,
        resource: new URL(expected),
        extra: { subject: found.accountId, tenantKey: found.accountId, grantId: found.grantId },
      };
    },
  };
}
