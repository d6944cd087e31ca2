// Builds the MCP Apps views (ui/<view>/main.ts with the CSS it imports) into one self-contained
// HTML file each, dist/ui/<view>.html: script and styles inline, nothing fetched from anywhere, so
// the resource declares no outside domain. Run by `npm run build`; fails when a view outgrows its
// budget (150 KB before compression, issue 22).
import { mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { build } from 'esbuild';

const root = new URL('..', import.meta.url).pathname;
const outdir = join(root, 'dist', 'ui');
const MAX_BYTES = 150 * 1024;

const views = readdirSync(join(root, 'ui')).filter((name) => {
  const path = join(root, 'ui', name, 'main.ts');
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
});

/** `</script` inside the script would end the element early; `<\/script` reads the same to JS. */
const safeScript = (code) => code.replaceAll('</script', '<\\/script');
const safeStyle = (css) => css.replaceAll('</style', '<\\/style');

function page(name, script, css) {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${name}</title>
<style>${safeStyle(css)}</style>
</head>
<body>
<main id="app" aria-busy="true"><p class="muted">Waiting for the tool's result…</p></main>
<script type="module">${safeScript(script)}</script>
</body>
</html>
`;
}

mkdirSync(outdir, { recursive: true });
for (const name of views) {
  const result = await build({
    entryPoints: [join(root, 'ui', name, 'main.ts')],
    bundle: true,
    write: false,
    outdir: join(outdir, name),
    format: 'esm',
    platform: 'browser',
    target: ['chrome110', 'firefox110', 'safari16'],
    minify: true,
    legalComments: 'none',
    logLevel: 'warning',
  });
  const script = result.outputFiles
    .filter((file) => file.path.endsWith('.js'))
    .map((file) => file.text)
    .join('\n');
  const css = result.outputFiles
    .filter((file) => file.path.endsWith('.css'))
    .map((file) => file.text)
    .join('\n');
  const html = page(name, script, css);
  const bytes = Buffer.byteLength(html);
  if (bytes > MAX_BYTES)
    throw new Error(`build-views: ${name} is ${bytes} bytes, over the ${MAX_BYTES} budget`);
  const file = join(outdir, `${name}.html`);
  writeFileSync(file, html);
  process.stdout.write(`build-views: ${relative(root, file)} ${(bytes / 1024).toFixed(1)} KiB\n`);
}
if (views.length === 0) throw new Error('build-views: no view in ui/');
