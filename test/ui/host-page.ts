// The browser side of our test host: the package's own host side (AppBridge over a
// PostMessageTransport) embedding one view in a sandboxed frame, as MCP Apps hosts do. Tool calls
// and resource reads from the view go to the test process (Playwright bindings), which sends them
// to crew-mcp through a real MCP client. Bundled by view-host.ts with esbuild.
import {
  AppBridge,
  type McpUiHostContext,
  PostMessageTransport,
} from '@modelcontextprotocol/ext-apps/app-bridge';

declare global {
  interface Window {
    crewCallTool(params: unknown): Promise<unknown>;
    crewReadResource(params: unknown): Promise<unknown>;
    crewMount(html: string, context: McpUiHostContext, result: unknown, input: unknown): Promise<void>;
    crewSetContext(context: McpUiHostContext): void;
    crewSizes: { width?: number; height?: number }[];
    crewCalls: unknown[];
    /** The last mount's times in the page's clock, ms from creating the frame (see crewMount). */
    crewTiming: { loaded?: number; drawn?: number };
  }
}

let bridge: AppBridge | undefined;
window.crewSizes = [];
window.crewCalls = [];
window.crewTiming = {};

window.crewMount = async (html, context, result, input) => {
  window.crewCalls = [];
  window.crewSizes = [];
  const started = performance.now();
  const timing: Window['crewTiming'] = {};
  window.crewTiming = timing;
  let resultSent = false;
  const frame = document.createElement('iframe');
  frame.id = 'view';
  // As hosts do: scripts run, but the view gets an opaque origin of its own.
  frame.setAttribute('sandbox', 'allow-scripts');
  frame.style.cssText = 'border:0;width:100%;height:200px;display:block';
  // The previous view stays until this one has loaded, as views of a conversation coexist in a
  // host: the browser then reuses the sandboxed frames' renderer process instead of starting one
  // per view (the first mount of a page pays for it; the bench reports it apart).
  const previous = document.getElementById('view');
  previous?.removeAttribute('id');
  document.body.append(frame);
  document.body.style.background = context.theme === 'dark' ? '#1c1d21' : '#ffffff';
  const loaded = new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
  frame.srcdoc = html;
  await loaded;
  previous?.remove();
  timing.loaded = performance.now() - started;
  const target = frame.contentWindow as Window;
  bridge = new AppBridge(
    null,
    { name: 'crew-mcp test host', version: '1.0.0' },
    { serverTools: {}, serverResources: {}, logging: {} },
    { hostContext: context },
  );
  bridge.oncalltool = async (params) => {
    window.crewCalls.push(params);
    return (await window.crewCallTool(params)) as never;
  };
  bridge.onreadresource = async (params) => (await window.crewReadResource(params)) as never;
  bridge.onrequestdisplaymode = async ({ mode }) => {
    const available = context.availableDisplayModes ?? ['inline'];
    return { mode: available.includes(mode) ? mode : 'inline' };
  };
  bridge.onsizechange = ({ height, width }) => {
    window.crewSizes.push({ width, height });
    // The view reports its size after laying out what it drew: the first report after the result
    // is the view drawn (the host's own clock: no test driver round trip in it).
    if (resultSent && timing.drawn === undefined) timing.drawn = performance.now() - started;
    if (height !== undefined) frame.style.height = `${height}px`;
  };
  const initialized = new Promise<void>((resolve) => {
    if (bridge) bridge.oninitialized = () => resolve();
  });
  await bridge.connect(new PostMessageTransport(target, target));
  await initialized;
  if (input) await bridge.sendToolInput({ arguments: input as Record<string, unknown> });
  resultSent = true;
  await bridge.sendToolResult(result as never);
};

window.crewSetContext = (context) => {
  bridge?.setHostContext(context);
};
