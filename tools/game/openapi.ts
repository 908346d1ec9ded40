/** `npm run game:openapi`: writes docs/game-api.openapi.json from the contract's zod schemas (./openapi-document.ts). */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { format, resolveConfig } from 'prettier';
import { buildGameOpenApi } from './openapi-document';

export const openApiPath = join(import.meta.dirname, '../../docs/game-api.openapi.json');

/** The document as committed: JSON formatted by the repository's Prettier settings (so `npm run lint` agrees). */
export async function openApiText(): Promise<string> {
  const options = await resolveConfig(openApiPath);
  return format(JSON.stringify(buildGameOpenApi()), { ...options, parser: 'json', filepath: openApiPath });
}

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  writeFileSync(openApiPath, await openApiText());
  process.stdout.write(`Wrote ${openApiPath}\n`);
}
