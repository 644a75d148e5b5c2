import { lazySchemas } from "../../lib/lazy-schemas.ts";

/**
 * The sign-in pages' checks (auth-schemas.ts) with zod, loaded once the form has painted
 * (components/form/use-api-form.ts): the pages' first download goes without them.
 */
export const authSchemas = lazySchemas(() => import("./auth-schemas.ts"));
