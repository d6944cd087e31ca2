// The connect page: the authorization request's interaction. A company admin enters the platform
// API key (and, behind a fold, another region's auth URL, realm and API URL); crew-mcp gets a
// token with it and asks GraphQL before saying yes, so a wrong secret, realm or host is an error
// on the page naming that field. Then the consent step shows the key's scopes and the tools they
// allow, and asks for crew-mcp's scopes. Consent makes the tenant (API URL + client id), a grant
// with the secret sealed for it, and finishes the authorization request.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type Provider from 'oidc-provider';
import { ALL_CLIENT_SCOPES, clientScopeFor } from '../mcp/client-scopes.js';
import type { ToolDefinition } from '../mcp/define-tool.js';
import type { Store } from '../store/index.js';
import { PendingKeys } from '../store/pending-keys.js';
import type { Tenant } from '../store/tenants.js';
import { identifyClient } from './client-identity.js';
import { type CsrfTokens, sendHtml as html, readForm, sendFormRefused } from './form.js';
import {
  type ConnectPageView,
  type DirectoryLinks,
  renderConnectForm,
  renderConsent,
  renderErrorPage,
} from './pages.js';
import { CONNECT_PATH } from './provider.js';
import {
  enteredValues,
  FieldError,
  type KeyVerifierOptions,
  keyVerifier,
  type PlatformDefaults,
  type VerifiedKey,
} from './verify-key.js';

export type { PlatformDefaults };

export interface ConnectOptions extends KeyVerifierOptions {
  provider: Provider;
  store: Store;
  resource: string;
  tools: readonly ToolDefinition[];
  csrf: CsrfTokens;
  /** On the embedded sandbox: its demo key, shown on the connect page. */
  demoKey?: { clientId: string; secret: string };
  /** The operator's privacy policy, terms and support, linked from the page. */
  links?: DirectoryLinks;
  /** After a grant is made (webhook subscription). */
  onConnected(tenant: Tenant, grantId: string, secret: string): Promise<void>;
}

/** How long a key verified on the form waits for consent (the interaction itself lasts as long). */
const PENDING_MS = 10 * 60_000;

export function createConnectHandler(options: ConnectOptions) {
  const { provider, store, csrf, logger } = options;
  /** Keys verified on the form, waiting for consent, in the store: any replica may take the consent. */
  const pending = new PendingKeys<VerifiedKey>(store.engine, store.box);

  const verify = keyVerifier(options);

  const toolsByScope = (platformScopes: string[]) =>
    ALL_CLIENT_SCOPES.map((scope) => ({
      scope,
      names: options.tools
        .filter(
          (tool) => clientScopeFor(tool) === scope && tool.scopes.every((s) => platformScopes.includes(s)),
        )
        .map((tool) => tool.name),
    }));

  const requestedScopes = (scope: unknown): string[] => {
    const asked = typeof scope === 'string' ? scope.split(' ').filter(Boolean) : [];
    const known = asked.filter((name) => (ALL_CLIENT_SCOPES as string[]).includes(name));
    return known.length ? known : [...ALL_CLIENT_SCOPES];
  };

  return async function handleConnect(
    req: IncomingMessage,
    res: ServerResponse,
    path: string,
  ): Promise<boolean> {
    const uid = path.slice(CONNECT_PATH.length + 1);
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(uid)) return false;
    let details: Awaited<ReturnType<Provider['interactionDetails']>>;
    try {
      details = await provider.interactionDetails(req, res);
    } catch {
      html(
        res,
        400,
        renderErrorPage(
          'This connection request has expired or is unknown. Start again from your assistant.',
        ),
      );
      return true;
    }
    if (details.uid !== uid) {
      html(
        res,
        400,
        renderErrorPage(
          'This page belongs to another connection request (a newer one started in this browser replaced it, or it came from another browser). Start again from your assistant.',
        ),
      );
      return true;
    }
    const clientId = String(details.params.client_id);
    const client = await provider.Client.find(clientId);
    if (!client) {
      html(
        res,
        400,
        renderErrorPage(
          'The application asking is no longer registered here. Start again from your assistant.',
        ),
      );
      return true;
    }
    // The code goes to the request's redirect_uri, or to the client's only one when it named none.
    const redirectUri = String(details.params.redirect_uri ?? client.redirectUris?.[0] ?? '');
    const identity = identifyClient({ clientId, clientName: client.clientName, redirectUri });
    const action = `${CONNECT_PATH}/${uid}`;
    const cookie = csrf.cookie(req, res);
    // The page's token is bound to this interaction, its client and its redirect: a form shown
    // for one client is refused for any other, wherever it is posted.
    const shownFor = JSON.stringify([uid, clientId, redirectUri]);
    const token = csrf.token(cookie, shownFor);
    const formView = (values: ConnectPageView['values'], error?: FieldError) =>
      renderConnectForm({
        action,
        csrf: token,
        client: identity,
        demoKey: options.demoKey,
        links: options.links,
        values,
        error: error && { field: error.field, message: error.message },
      });
    const defaults = { clientId: '', ...options.defaults };

    if (req.method === 'GET') {
      html(res, 200, formView(defaults));
      return true;
    }
    if (req.method !== 'POST') return false;
    const form = await readForm(req);
    if (!form || !csrf.valid(req, form.get('csrf_token'), shownFor)) {
      sendFormRefused(res);
      return true;
    }
    const step = form.get('step');
    if (step === 'verify') {
      try {
        const verified = await verify(form, req);
        await pending.put(uid, verified, PENDING_MS);
        html(
          res,
          200,
          renderConsent({
            action,
            csrf: token,
            client: identity,
            platformClientId: verified.place.platformClientId,
            platformScopes: verified.platformScopes,
            tools: toolsByScope(verified.platformScopes),
            requested: requestedScopes(details.params.scope),
          }),
        );
      } catch (error) {
        if (!(error instanceof FieldError)) throw error;
        html(res, error.status, formView(enteredValues(form, defaults), error), error.headers);
      }
      return true;
    }
    const verified = await pending.take(uid);
    if (step === 'deny') {
      await provider.interactionFinished(
        req,
        res,
        { error: 'access_denied', error_description: 'The user denied access.' },
        { mergeWithLastSubmission: false },
      );
      return true;
    }
    if (step !== 'consent' || !verified) {
      html(
        res,
        400,
        formView(
          defaults,
          new FieldError('platform_client_secret', 'enter the API key again: the earlier check has expired.'),
        ),
      );
      return true;
    }
    const allowed = requestedScopes(details.params.scope);
    const chosen = form.getAll('scope').filter((scope) => allowed.includes(scope));
    if (chosen.length === 0) {
      await provider.interactionFinished(
        req,
        res,
        { error: 'access_denied', error_description: 'No scope was allowed.' },
        { mergeWithLastSubmission: false },
      );
      return true;
    }
    const tenant = await store.tenants.upsert(verified.place);
    const grant = new provider.Grant({ accountId: tenant.key, clientId });
    // Both: the request names them as scopes, and the access token carries them for the resource.
    grant.addOIDCScope(chosen.join(' '));
    grant.addResourceScope(options.resource, chosen.join(' '));
    // What the user left unchecked is refused, not pending: no second consent prompt for it.
    const refused = allowed.filter((scope) => !chosen.includes(scope));
    if (refused.length) {
      grant.rejectOIDCScope(refused.join(' '));
      grant.rejectResourceScope(options.resource, refused.join(' '));
    }
    const grantId = await grant.save();
    await store.tenants.createGrant({
      grantId,
      tenantKey: tenant.key,
      secret: verified.secret,
      platformScopes: verified.platformScopes,
    });
    logger.info({ tenant: tenant.key, grant: grantId, scopes: chosen }, 'connector: a grant was made');
    await options
      .onConnected(tenant, grantId, verified.secret)
      .catch((error: unknown) =>
        logger.warn(
          { tenant: tenant.key, reason: error instanceof Error ? error.message : String(error) },
          'connector: after-connect step failed',
        ),
      );
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId: tenant.key }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    );
    return true;
  };
}
