/** `npm run openapi`: writes resources/openapi.json from the service contract. */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildOpenApiDocument } from '../service/openapi';
import { OPENAPI_DEFAULTS } from '../service/openapiDefaults';

const target = fileURLToPath(new URL('../../resources/openapi.json', import.meta.url));
const document = buildOpenApiDocument(OPENAPI_DEFAULTS);
writeFileSync(target, `${JSON.stringify(document, null, 2)}\n`);
console.log(`wrote ${target} (${Object.keys(document.paths as object).length} paths)`);
