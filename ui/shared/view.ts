// What every view shares: a tiny DOM builder, defensive readers of structuredContent (a host may
// re-render an old conversation, whose result lacks fields added since, and other tools' shapes
// grow), the host's theme, style variables and locale, and the start-up that wires a view's render
// to the bridge. Views are plain DOM: no framework, so each file stays a few tens of KB.
import { HostBridge, type HostContext, type ToolResult } from './bridge.js';

export type { HostContext, ToolResult };

type Child = Node | string | number | null | undefined | false;
type Attrs = Record<string, string | number | boolean | undefined | ((event: Event) => void)>;

/** An element with attributes (`on*` functions become listeners) and children; falsy children are skipped. */
export function h(tag: string, attrs: Attrs = {}, ...children: (Child | Child[])[]): HTMLElement {
  const element = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === false) continue;
    if (typeof value === 'function') element.addEventListener(key.slice(2).toLowerCase(), value);
    else if (value === true) element.setAttribute(key, '');
    else element.setAttribute(key, String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    element.append(child instanceof Node ? child : String(child));
  }
  return element;
}

export type Json = Record<string, unknown>;

export function obj(value: unknown): Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {};
}
export function list(value: unknown): Json[] {
  return Array.isArray(value) ? value.map(obj) : [];
}
export function strings(value: unknown): string[] {
  return Array.isArray(value)
    ? value.filter((item) => typeof item === 'string' || typeof item === 'number').map(String)
    : [];
}
export function str(value: unknown, fallback = ''): string {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : fallback;
}
export function num(value: unknown, fallback = 0): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}

/** The host's locale (BCP 47), else the browser's. */
export function locale(context: HostContext): string {
  const wanted = typeof context.locale === 'string' ? context.locale : navigator.language;
  try {
    return Intl.getCanonicalLocales(wanted)[0] ?? 'en';
  } catch {
    return 'en';
  }
}

/** "Sat 21 Nov" for a local date "2026-11-21", in the host's locale (the date is a calendar day, not an instant). */
export function dayLabel(date: string, context: HostContext, long = false): string {
  const [year, month, day] = date.split('-').map(Number);
  if (!year || !month || !day) return date;
  return new Intl.DateTimeFormat(locale(context), {
    weekday: long ? 'long' : 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year, month - 1, day)));
}

/** A number in the host's locale. */
export function count(value: number, context: HostContext): string {
  return new Intl.NumberFormat(locale(context)).format(value);
}

/** Theme, the host's style variables and font, and language, on the document. */
export function applyHost(context: HostContext): void {
  const root = document.documentElement;
  if (context.theme === 'light' || context.theme === 'dark') {
    root.dataset.theme = context.theme;
    root.style.colorScheme = context.theme;
  }
  const variables = obj(obj(context.styles).variables);
  for (const [name, value] of Object.entries(variables)) {
    if (name.startsWith('--') && typeof value === 'string') root.style.setProperty(name, value);
  }
  root.lang = locale(context);
  root.dataset.display = typeof context.displayMode === 'string' ? context.displayMode : 'inline';
}

export interface ViewSpec {
  name: string;
  /** Draws a result's structuredContent into `root`; `bridge` calls tools for interactions. */
  render(root: HTMLElement, data: Json, view: ViewState): void;
}

export interface ViewState {
  bridge: HostBridge;
  context: HostContext;
  /** Draws again (after the host's context changed, or new data). */
  show(data: Json): void;
  /** A line for a person: what failed and what to do. */
  fail(message: string): void;
}

/** A tool result's data: its structuredContent, or the error text a person should see. */
export function resultData(result: ToolResult): { data?: Json; error?: string } {
  if (result.isError) {
    const text = (result.content ?? [])
      .map((block) => block.text ?? '')
      .join('\n')
      .trim();
    return { error: text || 'The tool reported an error.' };
  }
  const data = obj(result.structuredContent);
  if (Object.keys(data).length === 0) return { error: 'This result carries no structured data to show.' };
  return { data };
}

/** Connects to the host, follows its theme and locale, and renders every tool result it sends. */
export function startView(spec: ViewSpec): void {
  const root = document.getElementById('app') as HTMLElement;
  const bridge = new HostBridge();
  let current: Json | undefined;
  const state: ViewState = {
    bridge,
    context: {},
    show(data) {
      current = data;
      root.replaceChildren();
      root.removeAttribute('aria-busy');
      spec.render(root, data, state);
    },
    fail(message) {
      root.removeAttribute('aria-busy');
      root.replaceChildren(h('p', { class: 'error', role: 'alert' }, message));
    },
  };
  bridge.onToolResult = (result) => {
    const { data, error } = resultData(result);
    if (data) state.show(data);
    else state.fail(error ?? '');
  };
  bridge.onContextChange = (context) => {
    state.context = context;
    applyHost(context);
    if (current) state.show(current);
  };
  bridge
    .connect(spec.name, '1.0.0')
    .then((context) => {
      state.context = context;
      applyHost(context);
    })
    .catch((error: Error) => state.fail(`Could not connect to the host: ${error.message}`));
}

/** A button that asks the host for fullscreen, when it offers it. */
export function fullscreenButton(view: ViewState): HTMLElement | null {
  const modes = view.context.availableDisplayModes;
  if (!Array.isArray(modes) || !modes.includes('fullscreen') || view.context.displayMode === 'fullscreen')
    return null;
  return h(
    'button',
    {
      class: 'ghost',
      type: 'button',
      onclick: () => {
        view.bridge.requestDisplayMode('fullscreen').catch(() => undefined);
      },
    },
    'Fullscreen',
  );
}
