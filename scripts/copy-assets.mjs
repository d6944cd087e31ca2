// Copies the GraphQL files that the compiled code reads beside itself into dist/: the contract
// (schema and shared documents) and the tools' own documents. Run after tsc by `npm run build`.
import { cpSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const copies = [
  ['src/contract', 'dist/src/contract'],
  ['tools', 'dist/tools'],
];
for (const [from, to] of copies) {
  cpSync(join(root, from), join(root, to), {
    recursive: true,
    filter: (source) => !/\.[cm]?ts$/.test(source),
  });
}
const shipped = readdirSync(join(root, 'dist/src/contract/graphql')).length;
if (shipped === 0) throw new Error('copy-assets: no contract documents were copied');
