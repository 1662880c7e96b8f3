// `lectern tools`: every tool a catalog answers (the primary tools, then the compatibility ones),
// with its description and input schema, as JSON.
import type { Catalog } from '../core/tools/catalog';
import { inputSchema } from '../core/tools/jsonSchema';

export function toolListing(catalog: Pick<Catalog, 'allTools'>): string {
  return JSON.stringify(
    catalog.allTools.map((tool) => ({
      name: tool.name,
      legacy: tool.legacy ?? false,
      description: tool.modelDescription,
      inputSchema: inputSchema(tool),
    })),
    null,
    2,
  );
}
