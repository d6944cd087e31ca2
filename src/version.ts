import { readPackageFile } from './paths.js';

export const VERSION: string = JSON.parse(readPackageFile('package.json')).version;
