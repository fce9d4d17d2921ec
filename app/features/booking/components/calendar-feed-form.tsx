import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Input, Label } from "~/components/ui/input";

export interface ShownFeedAddress {
  feedFor: string;
  feedUrl: string;
}

/**
 * "Calendar feed" for one barber (`feedFor` their id) or the whole shop (`shop`): posts to the page's action,
 * which makes a new private address and redirects back; the address is then shown here once, to copy.
 */
export function CalendarFeedForm({
  feedFor,
  label,
  name,
  shown,
  back,
}: {
  feedFor: string;
  label: string;
  name: string;
  shown: ShownFeedAddress | undefined;
  back: string;
}) {
  const mine = shown?.feedFor === feedFor ? shown : undefined;
  return (
    <div className="grid gap-2">
      <Form method="post" preventScrollReset>
        <input type="hidden" name="intent" value="feed" />
        <input type="hidden" name="back" value={back} />
        <input type="hidden" name="memberId" value={feedFor} />
        <Button type="submit" size="sm" variant="outline">
          {label}
        </Button>
      </Form>
      {mine && (
        <div className="grid gap-1 text-sm" role="status">
          <Label className="grid min-w-0 gap-1">
            {name}'s calendar address (shown once: copy it now)
            <Input readOnly value={mine.feedUrl} onFocus={(event) => event.currentTarget.select()} />
          </Label>
          <p className="text-muted-foreground">
            Subscribe to it in Apple Calendar, Google Calendar or Outlook. This new address retires the previous one at
            once: a phone still using the old one stops updating.
          </p>
        </div>
      )}
    </div>
  );
}
