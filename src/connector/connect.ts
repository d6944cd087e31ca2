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
  type KeyVerifier,
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

type Interaction = Awaited<ReturnType<Provider['interactionDetails']>>;

/** The interaction a connect page serves, as found from its uid and cookie, with what its page shows. */
interface ConnectPage {
  uid: string;
  details: Interaction;
  clientId: string;
  /** Who is asking, as the pages show it. */
  identity: ReturnType<typeof identifyClient>;
  action: string;
  /** The page's CSRF token, bound to this interaction, its client and its redirect. */
  token: string;
  /** What the CSRF token was issued for (checked again on each post). */
  shownFor: string;
  formView(values: ConnectPageView['values'], error?: FieldError): string;
  defaults: ConnectPageView['values'];
}

/** The tools a key's platform scopes allow, by crew-mcp's client scope: the consent page lists them. */
function toolsByScope(tools: readonly ToolDefinition[], platformScopes: string[]) {
  return ALL_CLIENT_SCOPES.map((scope) => ({
    scope,
    names: tools
      .filter(
        (tool) => clientScopeFor(tool) === scope && tool.scopes.every((s) => platformScopes.includes(s)),
      )
      .map((tool) => tool.name),
  }));
}

/** The client scopes an authorization request asks for (every one when it names none we know). */
function requestedScopes(scope: unknown): string[] {
  const asked = typeof scope === 'string' ? scope.split(' ').filter(Boolean) : [];
  const known = asked.filter((name) => (ALL_CLIENT_SCOPES as string[]).includes(name));
  return known.length ? known : [...ALL_CLIENT_SCOPES];
}

/** The page of interaction `uid`, or null once an error page was sent (expired, another browser's, client gone). */
async function findConnectPage(
  options: ConnectOptions,
  req: IncomingMessage,
  res: ServerResponse,
  uid: string,
): Promise<ConnectPage | null> {
  const { provider, csrf } = options;
  const errorPage = (message: string) => {
    html(res, 400, renderErrorPage(message));
    return null;
  };
  let details: Interaction;
  try {
    details = await provider.interactionDetails(req, res);
  } catch {
    return errorPage('This connection request has expired or is unknown. Start again from your assistant.');
  }
  if (details.uid !== uid) {
    return errorPage(
      'This page belongs to another connection request (a newer one started in this browser replaced it, or it came from another browser). Start again from your assistant.',
    );
  }
  const clientId = String(details.params.client_id);
  const client = await provider.Client.find(clientId);
  if (!client)
    return errorPage('The application asking is no longer registered here. Start again from your assistant.');
  // The code goes to the request's redirect_uri, or to the client's only one when it named none.
  const redirectUri = String(details.params.redirect_uri ?? client.redirectUris?.[0] ?? '');
  const identity = identifyClient({ clientId, clientName: client.clientName, redirectUri });
  const action = `${CONNECT_PATH}/${uid}`;
  // The page's token is bound to this interaction, its client and its redirect: a form shown
  // for one client is refused for any other, wherever it is posted.
  const shownFor = JSON.stringify([uid, clientId, redirectUri]);
  const token = csrf.token(csrf.cookie(req, res), shownFor);
  return {
    uid,
    details,
    clientId,
    identity,
    action,
    token,
    shownFor,
    defaults: { clientId: '', ...options.defaults },
    formView: (values, error) =>
      renderConnectForm({
        action,
        csrf: token,
        client: identity,
        demoKey: options.demoKey,
        links: options.links,
        values,
        error: error && { field: error.field, message: error.message },
      }),
  };
}

/** Step "verify": check the key with the platform, keep it for consent, show the consent page. */
async function verifyStep(
  options: ConnectOptions,
  context: { verify: KeyVerifier; pending: PendingKeys<VerifiedKey> },
  page: ConnectPage,
  form: URLSearchParams,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  try {
    const verified = await context.verify(form, req);
    await context.pending.put(page.uid, verified, PENDING_MS);
    html(
      res,
      200,
      renderConsent({
        action: page.action,
        csrf: page.token,
        client: page.identity,
        platformClientId: verified.place.platformClientId,
        platformScopes: verified.platformScopes,
        tools: toolsByScope(options.tools, verified.platformScopes),
        requested: requestedScopes(page.details.params.scope),
      }),
    );
  } catch (error) {
    if (!(error instanceof FieldError)) throw error;
    html(res, error.status, page.formView(enteredValues(form, page.defaults), error), error.headers);
  }
}

/** The authorization request ends without a grant (denied, or no scope allowed). */
function finishDenied(provider: Provider, req: IncomingMessage, res: ServerResponse, description: string) {
  return provider.interactionFinished(
    req,
    res,
    { error: 'access_denied', error_description: description },
    { mergeWithLastSubmission: false },
  );
}

/** Step "consent": the tenant, a grant of the scopes chosen with the key sealed for it, and the code. */
async function consentStep(
  options: ConnectOptions,
  page: ConnectPage,
  verified: VerifiedKey,
  form: URLSearchParams,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const { provider, store, logger } = options;
  const allowed = requestedScopes(page.details.params.scope);
  const chosen = form.getAll('scope').filter((scope) => allowed.includes(scope));
  if (chosen.length === 0) return finishDenied(provider, req, res, 'No scope was allowed.');
  const tenant = await store.tenants.upsert(verified.place);
  const grant = new provider.Grant({ accountId: tenant.key, clientId: page.clientId });
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
}

export function createConnectHandler(options: ConnectOptions) {
  const { provider, store, csrf } = options;
  const steps = {
    verify: keyVerifier(options),
    /** Keys verified on the form, waiting for consent, in the store: any replica may take the consent. */
    pending: new PendingKeys<VerifiedKey>(store.engine, store.box),
  };
  return async function handleConnect(
    req: IncomingMessage,
    res: ServerResponse,
    path: string,
  ): Promise<boolean> {
    const uid = path.slice(CONNECT_PATH.length + 1);
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(uid)) return false;
    const page = await findConnectPage(options, req, res, uid);
    if (!page) return true;
    if (req.method === 'GET') {
      html(res, 200, page.formView(page.defaults));
      return true;
    }
    if (req.method !== 'POST') return false;
    const form = await readForm(req);
    if (!form || !csrf.valid(req, form.get('csrf_token'), page.shownFor)) {
      sendFormRefused(res);
      return true;
    }
    const step = form.get('step');
    if (step === 'verify') {
      await verifyStep(options, steps, page, form, req, res);
      return true;
    }
    const verified = await steps.pending.take(uid);
    if (step === 'deny') {
      await finishDenied(provider, req, res, 'The user denied access.');
      return true;
    }
    if (step !== 'consent' || !verified) {
      const expired = new FieldError(
        'platform_client_secret',
        'enter the API key again: the earlier check has expired.',
      );
      html(res, 400, page.formView(page.defaults, expired));
      return true;
    }
    await consentStep(options, page, verified, form, req, res);
    return true;
  };
}
