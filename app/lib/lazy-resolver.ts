import type { FieldValues, Resolver } from "react-hook-form";
import type * as z from "zod";

/**
 * A react-hook-form resolver that downloads zod and the form's schema on first use rather than with the page
 * (decision 052): zod is a third of a public page's JavaScript, and the page answers without it until the
 * visitor leaves a field or sends. `preload` starts the download earlier, e.g. when a field gets focus.
 */
export function lazyZodResolver<Input extends FieldValues, Output>(
  loadSchema: () => Promise<z.ZodType<Output, Input>>,
): Resolver<Input, unknown, Output> & { preload: () => void } {
  let loaded: Promise<Resolver<Input, unknown, Output>> | undefined;
  const load = () =>
    (loaded ??= Promise.all([import("@hookform/resolvers/zod"), loadSchema()]).then(
      // zodResolver infers its types from a concrete schema; this one is generic.
      ([{ zodResolver }, schema]) => zodResolver(schema as never) as unknown as Resolver<Input, unknown, Output>,
    ));
  const resolver: Resolver<Input, unknown, Output> = async (values, context, options) =>
    (await load())(values, context, options);
  return Object.assign(resolver, { preload: () => void load() });
}
