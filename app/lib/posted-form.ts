/** What a page's action answered to a form posted without JavaScript: the values as typed, a message per field. */
export interface PostedForm {
  values: Record<string, string>;
  fieldErrors: Record<string, string>;
}

/**
 * For a react-hook-form form that also works before hydration: `initial` is the value written into the
 * server's HTML (react-hook-form fills inputs only once hydrated), `errorOf` the field's message, the
 * client's check first, else the server's answer to the post.
 */
export function postedFields<F extends string>(
  defaults: Record<string, unknown>,
  formErrors: Partial<Record<F, { message?: string }>>,
  posted: PostedForm | undefined,
) {
  const initial = (name: F) => {
    const value = defaults[name];
    return typeof value === "string" || typeof value === "number" ? value : undefined;
  };
  const errorOf = (name: F) => formErrors[name]?.message ?? posted?.fieldErrors[name];
  return { initial, errorOf };
}

/** A refused post whose message belongs to the whole form (a wrong current password, say). */
export interface RefusedForm extends PostedForm {
  message: string;
}
