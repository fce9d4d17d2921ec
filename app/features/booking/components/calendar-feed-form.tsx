import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Input, Label } from "~/components/ui/input";
import type { CalendarData } from "../calendar.server";

export interface ShownFeedAddress {
  feedFor: string;
  /** The address as PUBLIC_URL makes it (https on a live shop), for Google Calendar and Outlook. */
  feedUrl: string;
  /** The same address as a webcal:// link, which a phone's calendar subscribes to when tapped. */
  webcalUrl: string;
  /** A QR code of the webcal:// link (PNG data URL), to subscribe on the phone from the screen. */
  qrCode: string;
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
        <div className="grid gap-2 text-sm" role="status">
          <div className="flex flex-wrap items-start gap-4">
            <img
              src={mine.qrCode}
              width={160}
              height={160}
              alt={`QR code: scan it with ${name}'s phone camera to subscribe to the calendar`}
              className="rounded border border-border bg-white"
            />
            <div className="grid min-w-0 flex-1 basis-56 gap-2">
              <p>
                On the phone: scan the code with its camera, or open{" "}
                <a href={mine.webcalUrl} className="font-semibold underline">
                  Subscribe on this device
                </a>
                .
              </p>
              <Label className="grid min-w-0 gap-1">
                {name}'s calendar address (shown once: copy it now)
                <Input readOnly value={mine.feedUrl} onFocus={(event) => event.currentTarget.select()} />
              </Label>
            </div>
          </div>
          <p className="text-muted-foreground">
            Paste the address into Google Calendar ("From URL") or Outlook ("Subscribe from web"); Apple Calendar opens
            the link or the code itself. This new address retires the previous one at once: a phone still using the old
            one stops updating.
          </p>
        </div>
      )}
    </div>
  );
}

/** Each barber's bookings on their own phone, and the whole shop's: private subscription addresses. */
export function CalendarFeeds({
  members,
  feed,
  back,
}: {
  members: CalendarData["members"];
  feed: ShownFeedAddress | undefined;
  back: string;
}) {
  const scopes = [
    ...members.map((member) => ({ key: String(member.id), name: member.name })),
    { key: "shop", name: "Whole shop" },
  ];
  return (
    <details className="mt-4 rounded-md border border-border bg-card p-4" open={feed !== undefined}>
      <summary className="cursor-pointer text-lg font-semibold">Calendar feeds</summary>
      <p className="mt-2 text-sm text-muted-foreground">
        A private address to subscribe to in Apple Calendar, Google Calendar or Outlook. A new address stops the
        previous one at once; anyone with the address can read the bookings in it. Each barber's is also on the Team
        page.
      </p>
      <ul className="mt-3 grid gap-3">
        {scopes.map((scope) => (
          <li key={scope.key}>
            <CalendarFeedForm
              feedFor={scope.key}
              label={`Calendar feed: ${scope.name}`}
              name={scope.name}
              shown={feed}
              back={back}
            />
          </li>
        ))}
      </ul>
    </details>
  );
}
