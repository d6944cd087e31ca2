// The view's side of MCP Apps (JSON-RPC 2.0 over postMessage with the host, spec 2026-01-26):
// initialize, then tool input/result and host-context notifications in, tool calls, resource
// reads, display-mode requests and size changes out. The package's App class does the same, but
// bundles the SDK's whole Protocol and zod into the page (403 KB minified, measured with esbuild),
// far over a view's 150 KB; the wire is small and stable, and the browser tests hold this side to
// the package's own host side (AppBridge).
import type {
  McpUiDisplayMode,
  McpUiHostCapabilities,
  McpUiHostContext,
  McpUiInitializeResult,
} from '@modelcontextprotocol/ext-apps';

export type HostContext = McpUiHostContext;

/** A tool result as a view reads it: everything optional, as an old conversation may hold anything. */
export interface ToolResult {
  content?: { type: string; text?: string }[];
  structuredContent?: unknown;
  isError?: boolean;
  _meta?: Record<string, unknown>;
}

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

type Message = {
  jsonrpc?: string;
  id?: number | string;
  method?: string;
  params?: unknown;
  result?: unknown;
  error?: { message?: string };
};

const PROTOCOL_VERSION = '2026-01-26';

export class HostBridge {
  context: HostContext = {};
  capabilities: McpUiHostCapabilities = {};
  onToolResult?: (result: ToolResult) => void;
  onToolInput?: (args: Record<string, unknown>) => void;
  onContextChange?: (context: HostContext) => void;
  private nextId = 1;
  private readonly pending = new Map<number | string, Pending>();
  private readonly host: Window;

  constructor(host: Window = window.parent) {
    this.host = host;
    window.addEventListener('message', (event) => {
      // Only the host that embeds us speaks this protocol; any other frame's message is ignored.
      if (event.source !== this.host) return;
      this.receive(event.data as Message);
    });
  }

  async connect(name: string, version: string): Promise<HostContext> {
    const result = (await this.request('ui/initialize', {
      appInfo: { name, version },
      appCapabilities: { availableDisplayModes: ['inline', 'fullscreen'] },
      protocolVersion: PROTOCOL_VERSION,
    })) as McpUiInitializeResult;
    this.context = result.hostContext ?? {};
    this.capabilities = result.hostCapabilities ?? {};
    this.notify('ui/notifications/initialized', {});
    this.reportSize();
    return this.context;
  }

  callTool(name: string, args: Record<string, unknown>): Promise<ToolResult> {
    return this.request('tools/call', { name, arguments: args }) as Promise<ToolResult>;
  }

  readResource(uri: string): Promise<{ contents?: { uri: string; text?: string; _meta?: unknown }[] }> {
    return this.request('resources/read', { uri }) as Promise<{
      contents?: { uri: string; text?: string; _meta?: unknown }[];
    }>;
  }

  /** Fullscreen when the host offers it; answers the mode the host actually set. */
  async requestDisplayMode(mode: McpUiDisplayMode): Promise<McpUiDisplayMode | undefined> {
    const result = (await this.request('ui/request-display-mode', { mode })) as { mode?: McpUiDisplayMode };
    return result.mode;
  }

  /** Tells the host our content's height whenever it changes, so an inline frame fits it. */
  private reportSize(): void {
    let last = '';
    const send = () => {
      const width = Math.ceil(document.documentElement.scrollWidth);
      const height = Math.ceil(document.documentElement.scrollHeight);
      const key = `${width}x${height}`;
      if (key === last) return;
      last = key;
      this.notify('ui/notifications/size-changed', { width, height });
    };
    new ResizeObserver(send).observe(document.body);
    send();
  }

  private request(method: string, params: unknown): Promise<unknown> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.host.postMessage({ jsonrpc: '2.0', id, method, params }, '*');
    });
  }

  private notify(method: string, params: unknown): void {
    this.host.postMessage({ jsonrpc: '2.0', method, params }, '*');
  }

  private respond(id: number | string, result: unknown): void {
    this.host.postMessage({ jsonrpc: '2.0', id, result }, '*');
  }

  private receive(message: Message): void {
    if (message?.jsonrpc !== '2.0') return;
    if (message.method === undefined && message.id !== undefined) {
      const waiting = this.pending.get(message.id);
      if (!waiting) return;
      this.pending.delete(message.id);
      if (message.error) waiting.reject(new Error(message.error.message ?? 'The host refused the request.'));
      else waiting.resolve(message.result ?? {});
      return;
    }
    if (message.id !== undefined) {
      // Requests from the host: teardown and ping need only an empty answer.
      if (message.method === 'ui/resource-teardown' || message.method === 'ping')
        this.respond(message.id, {});
      else
        this.host.postMessage(
          {
            jsonrpc: '2.0',
            id: message.id,
            error: { code: -32601, message: `${message.method} not handled` },
          },
          '*',
        );
      return;
    }
    const params = (message.params ?? {}) as Record<string, unknown>;
    if (message.method === 'ui/notifications/tool-result') this.onToolResult?.(params as ToolResult);
    else if (message.method === 'ui/notifications/tool-input')
      this.onToolInput?.((params.arguments ?? {}) as Record<string, unknown>);
    else if (message.method === 'ui/notifications/host-context-changed') {
      this.context = { ...this.context, ...(params as HostContext) };
      this.onContextChange?.(this.context);
    }
  }
}
