// The write tools' shared service: the company's data type catalogue (read once, cached).
import type { ExtensionFactory } from '../extensions.js';
import { createDataTypeCatalog } from './data-type-catalog.js';

export const writeExtension: ExtensionFactory = ({ platform, logger }) => ({
  name: 'write-checks',
  services: { dataTypes: createDataTypeCatalog(platform, logger) },
});
