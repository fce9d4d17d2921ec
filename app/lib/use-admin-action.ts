import { useCallback, useState } from "react";
import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { useNavigate, useRevalidator } from "react-router";
import { toast } from "~/components/ui/toast-store";
import { ApiError, api } from "./api-client";
import { withFieldErrors } from "./form-errors";
import { saveToast } from "./saved-notice";

interface ActionOptions {
  /** The spec's success notice, e.g. { title: "Service created", description: "The service has been created successfully." }. */
  success?: { title: string; description?: string };
  /** Title of the destructive notice on failure; the description is the server's message. */
  errorTitle?: string;
}

/**
 * Runs an admin call the way every management screen needs: on success a toast
 * and a fresh list (the page loaders run again); on failure the destructive
 * "Error" notice with the server's text, and a fresh list too; an expired session
 * goes back to the login.
 */
export function useAdminAction() {
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  const [pending, setPending] = useState(false);

  const run = useCallback(
    async <T>(call: () => Promise<T>, options: ActionOptions = {}): Promise<T | undefined> => {
      setPending(true);
      try {
        const result = await call();
        if (options.success) toast(options.success);
        await revalidate();
        return result;
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) {
          toast({ title: "Session expired", description: "Please sign in again.", variant: "destructive" });
          navigate("/admin");
          return undefined;
        }
        toast({
          title: options.errorTitle ?? "Error",
          description: error instanceof Error ? error.message : String(error),
          variant: "destructive",
        });
        // A refusal often means the list on screen is stale (a slot booked, an item deleted elsewhere).
        await revalidate();
        return undefined;
      } finally {
        setPending(false);
      }
    },
    [navigate, revalidate],
  );

  return { run, pending };
}

interface SaveResourceOptions<F extends FieldValues> {
  /** As the success toast names it: "Service" → "Service created" / "The service has been created successfully." */
  noun: string;
  /** The noun inside the sentence when plain lower case is wrong (e.g. "FAQ"). */
  nounInSentence?: string;
  /** The collection's API path; updates go to `${endpoint}/${id}`. */
  endpoint: string;
  setError: UseFormSetError<F>;
  fields: readonly Path<F>[];
  conflictField?: Path<F>;
}

/**
 * Saves an admin form: POST for a new item, PUT with the id for an existing one,
 * the spec's "… created/updated" toast, and the server's field messages on the form.
 * Resolves to the saved item, or undefined when the save failed.
 */
export function useSaveResource<F extends FieldValues>(options: SaveResourceOptions<F>) {
  const { run } = useAdminAction();
  const { noun, endpoint, setError, fields, conflictField } = options;
  return (existing: { id: number } | null, body: object) => {
    const call = existing
      ? api("PUT", `${endpoint}/${existing.id}`, { ...body, id: existing.id })
      : api("POST", endpoint, body);
    const verb = existing ? "updated" : "created";
    return run(() => withFieldErrors(call, setError, { fields, conflictField }), {
      success: saveToast(noun, verb, options.nounInSentence),
    });
  };
}
