// `crew-mcp check --auth connector`: what Anthropic's and OpenAI's directories ask of a remote
// server that this deployment has not been given yet (README "Listing in Claude and ChatGPT").
// Informational: a connector runs without them, so their absence fails no check.
import type { Config } from '../config.js';

export interface DirectoryReadiness {
  check: 'directory listing';
  ok: true;
  detail: string;
  /** The settings still missing, by flag. */
  missing: string[];
}

const WANTED = [
  { key: 'privacyUrl', flag: '--privacy-url', why: 'a privacy policy (both directories)' },
  { key: 'termsUrl', flag: '--terms-url', why: 'terms of service (both directories)' },
  { key: 'supportUrl', flag: '--support-url', why: 'a support contact (both directories)' },
  {
    key: 'openaiAppsChallenge',
    flag: '--openai-apps-challenge',
    why: "OpenAI's domain verification token (ChatGPT apps)",
  },
  { key: 'uiDomain', flag: '--ui-domain', why: "the views' domain ChatGPT gives the app" },
] as const;

export function directoryReadiness(config: Pick<Config, 'settings' | 'security'>): DirectoryReadiness {
  const missing = WANTED.filter(({ key }) => !config.settings[key]);
  const noPublicUrl = config.security.publicUrl === null;
  const lines = missing.map(({ flag, why }) => `${flag} (${why})`);
  if (noPublicUrl) lines.push("--public-url (Claude's view domain and the listed URL)");
  return {
    check: 'directory listing',
    ok: true,
    missing: [...missing.map(({ flag }) => flag), ...(noPublicUrl ? ['--public-url'] : [])],
    detail: lines.length
      ? `still missing for Claude's and ChatGPT's directories: ${lines.join(', ')}`
      : 'privacy, terms, support, the OpenAI challenge and the view domains are set',
  };
}
