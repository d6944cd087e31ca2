// Who asks on the connect and consent pages, and where its authorization code goes: the facts a
// coordinator needs before typing the company's key, because any client can register itself
// under any name (RFC 7591) and only its redirect URI says who receives the code. Pure: the
// client's id, its name and the interaction's redirect URI in, the facts out; pages.ts words them.
import { isLoopbackHost } from '../config.js';
import { KNOWN_CLIENTS, type KnownClient } from './known-clients.js';

export type Destination =
  /** An https redirect: the host that receives the code (IDNs in their punycode form, as the URL parser gives them). */
  | { kind: 'host'; host: string }
  /** A loopback redirect (RFC 8252): an application on the person's own computer. */
  | { kind: 'this-computer'; uri: string }
  /** A private-use scheme (RFC 8252): the browser hands the code to whichever app registered it. */
  | { kind: 'app'; scheme: string; uri: string }
  /** Anything else (plain http to another machine): the whole URI. */
  | { kind: 'other'; uri: string };

export type Provenance =
  /** Identified by a client ID metadata document: the domain that publishes the document vouches for it. */
  | { kind: 'verified'; by: string; documentUrl: string }
  /** Dynamically registered: its name is whatever it said about itself. */
  | { kind: 'self-named' };

export interface ClientIdentity {
  /** The name to show: the client's own, without control or direction-changing characters. */
  name: string;
  provenance: Provenance;
  destination: Destination;
  /** The well-known client its name imitates while its redirect goes elsewhere. */
  imitates: KnownClient | null;
}

export interface ClientFacts {
  clientId: string;
  clientName?: string | null;
  /** Where the interaction's code goes: its redirect_uri, or the client's only registered one. */
  redirectUri: string;
}

const MAX_NAME = 80;

export function identifyClient(facts: ClientFacts): ClientIdentity {
  const name = displayName(facts.clientName) || facts.clientId;
  const destination = destinationOf(facts.redirectUri);
  return {
    name,
    provenance: provenanceOf(facts.clientId),
    destination,
    imitates: imitatedBy(name, destination),
  };
}

/**
 * Control characters and bidirectional overrides removed (U+202E can show "Claude" for a name
 * that reads otherwise), whitespace collapsed, at most MAX_NAME characters.
 */
export function displayName(name: string | null | undefined): string {
  const plain = (name ?? '')
    .replace(/[\p{Cc}\p{Cf}\u2028\u2029]/gu, '')
    .replace(/\s+/g, ' ')
    .trim();
  return plain.length > MAX_NAME ? `${plain.slice(0, MAX_NAME - 1)}…` : plain;
}

export function destinationOf(redirectUri: string): Destination {
  const url = URL.parse(redirectUri);
  if (!url) return { kind: 'other', uri: redirectUri };
  if (url.protocol === 'https:') return { kind: 'host', host: url.host };
  if (url.protocol === 'http:') {
    return isLoopbackHost(url.hostname)
      ? { kind: 'this-computer', uri: url.href }
      : { kind: 'other', uri: url.href };
  }
  return { kind: 'app', scheme: url.protocol.slice(0, -1), uri: url.href };
}

/** oidc-provider takes an https client id for the URL of its metadata document (CIMD); others are registered. */
export function provenanceOf(clientId: string): Provenance {
  const url = URL.parse(clientId);
  return url?.protocol === 'https:'
    ? { kind: 'verified', by: url.host, documentUrl: url.href }
    : { kind: 'self-named' };
}

/** The known client whose name `name` imitates, if its redirect is not one that client uses. */
export function imitatedBy(name: string, destination: Destination): KnownClient | null {
  const folded = foldName(name);
  const known = FOLDED_MARKS.find(({ marks }) => marks.some((mark) => folded.includes(mark)))?.client;
  return known && !usesDestination(known, destination) ? known : null;
}

function usesDestination(client: KnownClient, destination: Destination): boolean {
  switch (destination.kind) {
    case 'host': {
      const host = destination.host.toLowerCase();
      return client.hosts.some((known) => host === known || host.endsWith(`.${known}`));
    }
    case 'this-computer':
      return client.loopback;
    case 'app':
      return client.schemes.includes(destination.scheme.toLowerCase());
    case 'other':
      return false;
  }
}

/** Letters that look like Latin ones, as a look-alike name would use them. */
const LOOK_ALIKES: Record<string, string> = {
  а: 'a', // Cyrillic
  с: 'c',
  е: 'e',
  һ: 'h',
  і: 'i',
  ј: 'j',
  ӏ: 'l',
  о: 'o',
  р: 'p',
  ԛ: 'q',
  ѕ: 's',
  т: 't',
  у: 'y',
  х: 'x',
  α: 'a', // Greek
  ε: 'e',
  ι: 'i',
  κ: 'k',
  ο: 'o',
  ρ: 'p',
  τ: 't',
  υ: 'u',
  ν: 'v',
  χ: 'x',
  '0': 'o',
  '1': 'l',
  '3': 'e',
  '5': 's',
};

/**
 * A name as it reads: compatibility forms and accents dropped, look-alike letters mapped, lower
 * case letters only, and i and l as one letter (an uppercase I reads as l). "C1aude", "Сlaude"
 * with a Cyrillic С and "Claude Code" all contain "claude".
 */
export function foldName(name: string): string {
  return [...name.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase()]
    .map((char) => LOOK_ALIKES[char] ?? char)
    .join('')
    .replace(/[^a-z]/g, '')
    .replace(/i/g, 'l');
}

/** Each known client with its marks folded as names are ("copilot" reads "copllot"). */
const FOLDED_MARKS = KNOWN_CLIENTS.map((client) => ({ client, marks: client.marks.map(foldName) }));
