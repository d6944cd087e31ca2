// The authorization server's cookies under https: `__Host-` names, which a browser keeps only when
// Secure, on Path=/ and without Domain, so that no sibling subdomain (or a plain-http page of the
// same host) can set or overwrite them: no one can plant their own interaction in a coordinator's
// browser. oidc-provider takes the names and attributes from its configuration, except the resume
// cookie's path, which it pins to its own route (/oauth/authorize/<uid>); the middleware moves it
// to / on the way out. With one path for all, a browser holds one pending connection at a time.
import type { IncomingMessage } from 'node:http';
import type { Configuration } from 'oidc-provider';
import { HOST_PREFIX } from './form.js';

const ATTRIBUTES = { httpOnly: true, sameSite: 'lax', secure: true, path: '/' } as const;

/** oidc-provider's `cookies` settings for an https deployment (keys aside). */
export const HOST_COOKIES = {
  names: {
    session: `${HOST_PREFIX}crew_session`,
    interaction: `${HOST_PREFIX}crew_interaction`,
    resume: `${HOST_PREFIX}crew_resume`,
  },
  long: ATTRIBUTES,
  short: ATTRIBUTES,
} satisfies Configuration['cookies'];

/** A Set-Cookie value of a `__Host-` cookie put on Path=/ (other cookies as they are). */
export function onRootPath(setCookie: string): string {
  if (!setCookie.startsWith(HOST_PREFIX)) return setCookie;
  return setCookie.replace(/;\s*path=[^;]*/i, '; path=/');
}

interface CookieContext {
  response: {
    get(field: string): string | string[] | number | undefined;
    set(field: string, value: string[]): void;
  };
}

/** Koa middleware (provider.use): every `__Host-` cookie the provider sets or clears goes on Path=/. */
export async function hostCookiesOnRootPath(ctx: CookieContext, next: () => Promise<unknown>): Promise<void> {
  try {
    await next();
  } finally {
    const set = ctx.response.get('set-cookie');
    if (Array.isArray(set)) ctx.response.set('set-cookie', set.map(onRootPath));
    else if (typeof set === 'string') ctx.response.set('set-cookie', [onRootPath(set)]);
  }
}

/**
 * A request to the provider under an https public URL, marked as arrived over https: the browser's
 * connection is, whatever the last hop says. A TLS proxy that sends no X-Forwarded-Proto (nginx,
 * unless told to) would otherwise make koa refuse to set the Secure cookies (a 500).
 */
export function arrivedOverHttps(req: IncomingMessage): void {
  req.headers['x-forwarded-proto'] = 'https';
}
