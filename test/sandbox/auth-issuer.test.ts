// §5, §7: the access token's issuer is part of its validity, not only its signature.
import { generateKeyPair } from 'jose';
import { describe, expect, it } from 'vitest';
import { createTokenIssuer } from '../../src/sandbox/auth.js';
import { DEMO_KEYS } from '../../src/sandbox/keys.js';

describe('§7: token issuer', () => {
  it('§7: a token signed with the right key but issued for another auth URL is refused', async () => {
    const keyPair = await generateKeyPair('RS256');
    const ours = await createTokenIssuer('http://127.0.0.1:1111', keyPair);
    const foreign = await createTokenIssuer('http://127.0.0.1:2222', keyPair);
    const admin = DEMO_KEYS[0]!;
    const token = await foreign.issue(admin, admin.scopes, 60);
    expect(await foreign.verify(token)).not.toBeNull();
    expect(await ours.verify(token)).toBeNull();
  });

  it('§5: a verified token yields the caller: client id, company and scopes', async () => {
    const issuer = await createTokenIssuer('http://127.0.0.1:1111');
    const readonly = DEMO_KEYS[1]!;
    const caller = await issuer.verify(await issuer.issue(readonly, readonly.scopes, 60));
    expect(caller).toEqual({
      clientId: 'demo-readonly',
      companyId: 'company-1',
      scopes: new Set(['jobs:read', 'crew:read']),
    });
  });
});
