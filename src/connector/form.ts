// The connect page's request plumbing: a bounded urlencoded body, cookies, and the CSRF token,
// which is an HMAC of the browser's own random cookie and the interaction: a form posted from
// another site, or without the token, or with another browser's token, is refused. Under https the
// cookie is a `__Host-` one (Secure, Path=/, no Domain): no sibling subdomain can set it.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { renderErrorPage } from './pages.js';

export const CSRF_COOKIE = 'crew_connect_csrf';
/** The browser keeps a `__Host-` cookie only if it is Secure, on Path=/ and names no Domain. */
export const HOST_PREFIX = '__Host-';
const MAX_FORM_BYTES = 16 * 1024;

export async function readForm(req: IncomingMessage): Promise<URLSearchParams | null> {
  const type = req.headers['content-type'] ?? '';
  if (!type.startsWith('application/x-www-form-urlencoded')) return null;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_FORM_BYTES) return null;
    chunks.push(chunk as Buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

export function cookieOf(req: IncomingMessage, name: string): string | null {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

export class CsrfTokens {
  /** The cookie's name: `__Host-` prefixed under https. */
  readonly cookieName: string;

  constructor(
    private readonly key: Buffer,
    private readonly secureCookies: boolean,
    /** The other keys of the store key ring: a token a replica made with one of them still passes. */
    private readonly otherKeys: readonly Buffer[] = [],
  ) {
    this.cookieName = secureCookies ? `${HOST_PREFIX}${CSRF_COOKIE}` : CSRF_COOKIE;
  }

  /** The browser's CSRF cookie, set on `res` when it has none yet. */
  cookie(req: IncomingMessage, res: ServerResponse): string {
    const existing = cookieOf(req, this.cookieName);
    if (existing && /^[A-Za-z0-9_-]{43}$/.test(existing)) return existing;
    const value = randomBytes(32).toString('base64url');
    const attributes = [
      this.secureCookies ? 'Path=/' : 'Path=/connect',
      'HttpOnly',
      'SameSite=Strict',
      ...(this.secureCookies ? ['Secure'] : []),
    ];
    res.appendHeader('set-cookie', `${this.cookieName}=${value}; ${attributes.join('; ')}`);
    return value;
  }

  /** The token of this browser's cookie for one purpose: a page (its interaction, client and redirect), or disconnecting. */
  token(cookie: string, purpose: string, key = this.key): string {
    return createHmac('sha256', key).update(`${cookie}:${purpose}`).digest('base64url');
  }

  /** The posted token was made for this browser's cookie and this purpose. */
  valid(req: IncomingMessage, posted: string | null, purpose: string): boolean {
    const cookie = cookieOf(req, this.cookieName);
    if (!cookie || !posted) return false;
    const given = Buffer.from(posted);
    return [this.key, ...this.otherKeys].some((key) => {
      const expected = Buffer.from(this.token(cookie, purpose, key));
      return expected.length === given.length && timingSafeEqual(expected, given);
    });
  }
}

/** A page of the connector: never cached, never framed, no script or outside asset allowed. */
export function sendHtml(
  res: ServerResponse,
  status: number,
  body: string,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, {
    ...headers,
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    // No form-action: browsers apply it to the redirects after a post, and consent ends at the client's redirect URI.
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
    'x-frame-options': 'DENY',
    // Not no-referrer: a form posted under it carries "Origin: null", which the Origin check refuses.
    'referrer-policy': 'same-origin',
  });
  res.end(body);
}

/** A form posted without this page's CSRF token (or with a wrong one): refused, nothing done. */
export function sendFormRefused(res: ServerResponse): void {
  sendHtml(
    res,
    403,
    renderErrorPage(
      'The form was not sent from this page (its security token is missing or wrong). Reload the page and try again.',
    ),
  );
}
