import { Search } from "lucide-react";
import { useEffect, useRef } from "react";
import { Form, useSubmit } from "react-router";
import { Button } from "~/components/ui/button";
import { Input, Label } from "~/components/ui/input";

const TYPING_PAUSE_MS = 300;

/**
 * The name search: a GET form, so `?q=` works without JavaScript and can be
 * shared. With JavaScript the list also follows as you type, after a short pause.
 */
export function BarberSearchForm({ q }: { q: string }) {
  const submit = useSubmit();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  return (
    <Form method="get" role="search" className="flex w-full max-w-xl items-end gap-3">
      <div className="grid flex-1 gap-2">
        <Label htmlFor="barber-search">Search by name</Label>
        <div className="relative">
          <Search
            aria-hidden
            className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            // Remounted when the URL changes (back/forward), so the box shows the search the list reflects.
            key={q}
            id="barber-search"
            type="search"
            name="q"
            defaultValue={q}
            placeholder="e.g. Fade Lab"
            autoComplete="off"
            className="pl-9"
            onChange={(event) => {
              const form = event.currentTarget.form;
              clearTimeout(timer.current);
              timer.current = setTimeout(
                () => submit(form, { replace: true, preventScrollReset: true }),
                TYPING_PAUSE_MS,
              );
            }}
          />
        </div>
      </div>
      <Button type="submit">Search</Button>
    </Form>
  );
}
