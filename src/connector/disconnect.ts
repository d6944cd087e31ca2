// The disconnect page (/connect/disconnect): a company ends its connections to crew-mcp without
// its assistant's help. The API key is the proof, checked as on the connect page (a token and one
// GraphQL answer): whoever holds it may connect, so whoever holds it may disconnect. Every grant
// made with that key is revoked (tokens refused at once, sealed secret deleted) and, with the last,
// the tenant's webhook subscription is removed from its platform with the key just entered; then
// every row the store holds of the company is deleted (events included), and the page says what.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describeForgotten, forgetCompany } from '../store/companies.js';
import type { Store } from '../store/index.js';
import { type CsrfTokens, readForm, sendFormRefused, sendHtml } from './form.js';
import { renderDisconnectForm, renderMessage } from './pages.js';
import { CONNECT_PATH } from './provider.js';
import { enteredValues, FieldError, type KeyVerifierOptions, keyVerifier } from './verify-key.js';

export const DISCONNECT_PATH = `${CONNECT_PATH}/disconnect`;
/** The CSRF token's purpose: the disconnect form, not an interaction. */
const PURPOSE = 'disconnect';

export interface DisconnectOptions extends KeyVerifierOptions {
  store: Store;
  csrf: CsrfTokens;
  /** Before revoking: the secret to remove the webhook subscription with. */
  beforeRevoking(tenantKey: string, secret: string): void;
  /** Revoke one grant: its tokens and codes, its sealed secret, its open context. */
  revokeGrant(grantId: string): Promise<void>;
}

export function createDisconnectHandler(options: DisconnectOptions) {
  const verify = keyVerifier(options);
  const { store, csrf, logger } = options;
  return async function handleDisconnect(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    const token = csrf.token(csrf.cookie(req, res), PURPOSE);
    const defaults = { clientId: '', ...options.defaults };
    const form = (values: typeof defaults, error?: FieldError) =>
      renderDisconnectForm({
        action: DISCONNECT_PATH,
        csrf: token,
        values,
        error: error && { field: error.field, message: error.message },
      });
    if (req.method === 'GET') {
      sendHtml(res, 200, form(defaults));
      return true;
    }
    if (req.method !== 'POST') return false;
    const posted = await readForm(req);
    if (!posted || !csrf.valid(req, posted.get('csrf_token'), PURPOSE)) {
      sendFormRefused(res);
      return true;
    }
    let verified: Awaited<ReturnType<typeof verify>>;
    try {
      verified = await verify(posted, req);
    } catch (error) {
      if (!(error instanceof FieldError)) throw error;
      sendHtml(res, error.status, form(enteredValues(posted, defaults), error), error.headers);
      return true;
    }
    const { place } = verified;
    const tenant = await store.tenants.find(place);
    const grants = tenant
      ? (await store.tenants.grantsOf(tenant.key)).filter((grant) => grant.status !== 'revoked')
      : [];
    if (tenant && grants.length) options.beforeRevoking(tenant.key, verified.secret);
    for (const grant of grants) await options.revokeGrant(grant.grantId);
    // Then every row of the company goes: events, kept plans, the revoked grants, the tenant.
    const forgotten = tenant ? await forgetCompany(store.engine, tenant.key, store.box) : null;
    logger.info(
      { tenant: tenant?.key, grants: grants.length, deleted: forgotten?.deleted },
      'connector: disconnected by the key holder, its rows deleted',
    );
    const key = `the API key "${place.platformClientId}" on ${place.apiUrl}`;
    const ended = grants.length
      ? `Ended ${grants.length} connection${grants.length === 1 ? '' : 's'} made with ${key}. Assistants that used ${grants.length === 1 ? 'it' : 'them'} must connect again to use crew-mcp.`
      : `No connection to crew-mcp is made with ${key}: nothing to end.`;
    const deleted = forgotten
      ? ` crew-mcp deleted everything it held about this company: ${describeForgotten(forgotten.deleted)}.`
      : '';
    sendHtml(res, 200, renderMessage('Disconnected', ended + deleted));
    return true;
  };
}
