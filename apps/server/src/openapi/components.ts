import { z } from 'zod';
import { whitelabelNodeSchema } from '@wps/shared/schemas/system';

/**
 * Named schemas of the document (components.schemas). A recursive schema must have a name: its
 * inner reference is written as a `$ref` to it, which only resolves to a named component. Names
 * go in zod's global registry, which the type provider's transform reads; once per process.
 */
if (!z.globalRegistry.has(whitelabelNodeSchema)) z.globalRegistry.add(whitelabelNodeSchema, { id: 'WhitelabelNode' });
