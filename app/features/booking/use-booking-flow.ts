import { zodResolver } from "@hookform/resolvers/zod";
import { useRef, useState } from "react";
import { useForm, useWatch, type DefaultValues } from "react-hook-form";
import type { Service } from "~/features/services";
import type { PublicTeamMember } from "~/features/team";
import { prefersReducedMotion } from "~/lib/reduced-motion";
import { useApiData, type ApiAnswer } from "~/lib/use-api-data";
import { addDays, isCalendarDate } from "~/lib/shop-time";
import type { AvailableTime } from "./rules/availability";
import { bookingFormSchema, type BookingFormInput, type BookingFormValues } from "./booking.schema";
import { type PublicSlot } from "./booking-answers.schema";
import { SELECT_SERVICE_MESSAGE, SELECT_SLOT_MESSAGE } from "./booking-messages.schema";
import { addMonths, monthOf } from "./components/month-calendar";

/*
 * The state of the customer's booking page: services → barber (or Anyone) → date → time → details.
 * Computed times come from /api/availability; the shop's manual slots (spec §2) are offered alongside.
 */

export const ANYONE = "any";

/** One offered time: a computed start (the server holds the member) or a manual slot. */
export type TimeChoice =
  | { key: string; kind: "time"; startTime: string; endTime: string; memberId: number | undefined }
  | { key: string; kind: "slot"; startTime: string; endTime: string; slotId: number };

/** One hidden field of a form: name and value. */
export type PostedField = [name: string, value: string];

export type FlowStep = "services" | "barber" | "date" | "time" | "details";

export const emptyBookingForm: DefaultValues<BookingFormInput> = {
  services: [],
  choice: "",
  customerName: "",
  customerEmail: "",
  customerPhone: "",
  notes: "",
};

/**
 * The choices the page's address carries. Without JavaScript the page is a row of GET forms whose fields
 * are these parameters (`service` for each service, `barber`, `month`, `date`, `time`), and the loader works
 * out what they offer; a price card's "Book this" arrives with `?service=ID` too.
 */
export interface BookingChoices {
  serviceIds: string[];
  /** A member's id or ANYONE. */
  memberChoice: string;
  /** The month the calendar shows, `yyyy-MM`. */
  month: string;
  date: string | null;
  /** The chosen time's key (TimeChoice.key). */
  timeKey: string;
}

/** The choices of a page address, each checked: unknown services and past or malformed dates are dropped. */
export function choicesFromSearch(
  search: URLSearchParams,
  services: readonly Service[],
  today: string,
): BookingChoices {
  const wanted = search.getAll("service");
  const date = search.get("date");
  const chosenDate = date !== null && isCalendarDate(date) && date >= today ? date : null;
  const month = search.get("month");
  // Computed times start today, whatever manual slots exist further ahead.
  const shownMonth =
    month !== null && isCalendarDate(`${month}-01`) && month >= monthOf(today) ? month : monthOf(chosenDate ?? today);
  return {
    serviceIds: services.map((service) => String(service.id)).filter((id) => wanted.includes(id)),
    memberChoice: search.get("barber") ?? ANYONE,
    month: shownMonth,
    date: chosenDate,
    timeKey: chosenDate ? (search.get("time") ?? "") : "",
  };
}

/** The barbers who do every chosen service. */
const ableMembersOf = (team: readonly PublicTeamMember[], serviceIds: readonly string[]) =>
  team.filter((member) => serviceIds.every((id) => member.serviceIds.includes(id)));

/** The chosen barber, while they do every chosen service; otherwise the choice is Anyone (undefined). */
export const chosenMember = (team: readonly PublicTeamMember[], serviceIds: readonly string[], memberChoice: string) =>
  ableMembersOf(team, serviceIds).find((member) => String(member.id) === memberChoice);

const serviceQuery = (ids: readonly string[]) => ids.toSorted().join(",");

/** The availability API's addresses for the choices: the month's dates with times, and the chosen date's times. */
export function availabilityUrls(
  serviceIds: readonly string[],
  memberId: number | undefined,
  month: string,
  date: string | null,
) {
  const serviceKey = serviceQuery(serviceIds);
  if (!serviceKey) return { dates: null, times: null };
  const memberParam = memberId === undefined ? "" : `&member=${memberId}`;
  const monthEnd = addDays(`${addMonths(month, 1)}-01`, -1);
  return {
    dates: `/api/availability/dates?from=${month}-01&to=${monthEnd}&services=${serviceKey}${memberParam}`,
    times: date ? `/api/availability?date=${date}&services=${serviceKey}${memberParam}` : null,
  };
}

/** What the availability API answers for the page's first choices, worked out by the loader. */
interface InitialAvailability {
  dates?: ApiAnswer<string[]>;
  times?: ApiAnswer<AvailableTime[]>;
}

/** The customer's fields of the details form. */
export const DETAIL_FIELDS = ["customerName", "customerEmail", "customerPhone", "notes"] as const;

/** What a booking just made leaves for "Book again": its choices and the details typed for it. */
export interface BookAgainChoices {
  serviceIds: string[];
  memberChoice: string;
  details: Partial<Record<(typeof DETAIL_FIELDS)[number], string>>;
}

interface FlowInput {
  services: readonly Service[];
  team: readonly PublicTeamMember[];
  slots: readonly PublicSlot[];
  /** Chosen on arrival: from the address (see BookingChoices). */
  initial: BookingChoices;
  availability: InitialAvailability;
  /** The details as typed into a form the server answered (posted without JavaScript). */
  details?: Partial<Record<(typeof DETAIL_FIELDS)[number], string>>;
}

export function useBookingFlow({ services, team, slots, initial, availability, details }: FlowInput) {
  const form = useForm<BookingFormInput, unknown, BookingFormValues>({
    resolver: zodResolver(bookingFormSchema),
    defaultValues: { ...emptyBookingForm, ...details, services: initial.serviceIds, choice: initial.timeKey },
  });
  const chosenIds = (useWatch({ control: form.control, name: "services" }) ?? []).map(String);
  const choiceKey = useWatch({ control: form.control, name: "choice" }) ?? "";
  const [memberChoice, setMemberChoice] = useState(initial.memberChoice);
  const [month, setMonth] = useState(initial.month);
  const [date, setDate] = useState(initial.date);
  /** The last step brought into view, so Continue moves past the barber step even when "Anyone" is kept. */
  const [shownStep, setShownStep] = useState<FlowStep | null>(null);
  const [refreshes, setRefreshes] = useState(0);

  const chosenServices = services.filter((service) => chosenIds.includes(String(service.id)));
  const ableMembers = ableMembersOf(team, chosenIds);
  // A barber who does not do a newly added service is no longer a choice: back to Anyone.
  const member = chosenMember(team, chosenIds, memberChoice);
  const memberId = member?.id;

  const urls = availabilityUrls(chosenIds, memberId, month, date);
  const computedDates = new Set(useApiData(urls.dates, refreshes, availability.dates) ?? []);
  const computedTimes = useApiData(urls.times, refreshes, availability.times) ?? [];

  // Manual slots: any for Anyone, otherwise the chosen barber's own.
  const manualSlots = slots.filter((slot) => memberId === undefined || slot.memberId === memberId);
  const manualSlotCount = (day: string) => manualSlots.filter((slot) => slot.date === day).length;
  const hasComputedTimes = (day: string) => computedDates.has(day);
  const hasTimes = (day: string) => hasComputedTimes(day) || manualSlotCount(day) > 0;

  const seen = new Set<string>();
  const choices: TimeChoice[] = [
    ...computedTimes.flatMap((time): TimeChoice[] => {
      // With Anyone, each start is offered once; the server picks the barber.
      if (seen.has(time.startTime)) return [];
      seen.add(time.startTime);
      return [
        { key: `time:${time.startTime}`, kind: "time", startTime: time.startTime, endTime: time.endTime, memberId },
      ];
    }),
    ...manualSlots
      .filter((slot) => slot.date === date)
      .map((slot): TimeChoice => ({
        key: `slot:${slot.id}`,
        kind: "slot",
        startTime: slot.startTime,
        endTime: slot.endTime,
        slotId: slot.id,
      })),
  ].toSorted((a, b) => a.startTime.localeCompare(b.startTime) || a.key.localeCompare(b.key));
  // A time someone else booked disappears with the next load; it is then no longer chosen.
  const choice = choices.find((entry) => entry.key === choiceKey);

  /** The chosen services and time as the hidden fields of a plain post, named as the API's bodies name them. */
  const postedChoice: PostedField[] = [];
  if (choice) {
    postedChoice.push(...chosenIds.map((id): PostedField => ["services", id]));
    if (choice.kind === "slot") postedChoice.push(["slotId", String(choice.slotId)]);
    else {
      postedChoice.push(["date", date ?? ""], ["startTime", choice.startTime]);
      if (memberId !== undefined) postedChoice.push(["memberId", String(memberId)]);
    }
  }

  const missing = [
    ...(chosenServices.length === 0 ? [SELECT_SERVICE_MESSAGE] : []),
    ...(choice ? [] : [SELECT_SLOT_MESSAGE]),
  ];

  const steps = useRef(new Map<FlowStep, HTMLElement>());
  const stepRef = (step: FlowStep) => (element: HTMLElement | null) => {
    if (element) steps.current.set(step, element);
    else steps.current.delete(step);
  };
  /** Brings a step into view and moves focus to its heading, gently unless the visitor asked for less motion. */
  function showStep(step: FlowStep) {
    setShownStep(step);
    // After the render that may have just revealed the step.
    requestAnimationFrame(() => {
      const element = steps.current.get(step);
      if (!element) return;
      element.scrollIntoView({ behavior: prefersReducedMotion() ? "auto" : "smooth", block: "start" });
      element.querySelector<HTMLElement>("[data-step-heading]")?.focus({ preventScroll: true });
    });
  }

  /** The step the sticky bar's Continue leads to: the first one still open. */
  const nextStep: FlowStep | null =
    chosenServices.length === 0
      ? null
      : !date
        ? team.length > 0 && shownStep !== "barber" && shownStep !== "date"
          ? "barber"
          : "date"
        : !choice
          ? "time"
          : "details";

  function toggleService(id: string, checked: boolean) {
    const next = checked ? [...chosenIds, id] : chosenIds.filter((chosen) => chosen !== id);
    form.setValue("services", next, { shouldValidate: form.formState.isSubmitted });
    form.setValue("choice", "");
  }

  function chooseMember(next: string) {
    setMemberChoice(next);
    form.setValue("choice", "");
    showStep("date");
  }

  function chooseDate(next: string) {
    setDate(next);
    if (choice && next !== date) form.setValue("choice", "");
    showStep("time");
  }

  function chooseTime(next: TimeChoice) {
    form.setValue("choice", next.key, { shouldValidate: form.formState.isSubmitted });
    showStep("details");
  }

  /** "Book again" after a booking: the same services and barber, the details as typed; only a day and a time to pick. */
  function bookAgain(again: BookAgainChoices) {
    form.reset({ ...emptyBookingForm, ...again.details, services: again.serviceIds, choice: "" });
    setMemberChoice(again.memberChoice);
    setDate(null);
    showStep("date");
  }

  function reset() {
    form.reset(emptyBookingForm);
    setDate(null);
    setMemberChoice(ANYONE);
    setShownStep(null);
  }

  return {
    form,
    chosenIds,
    chosenServices,
    ableMembers,
    memberChoice: member ? memberChoice : ANYONE,
    member,
    month,
    setMonth,
    date,
    hasTimes,
    hasComputedTimes,
    manualSlotCount,
    choices,
    choice,
    postedChoice,
    missing,
    nextStep,
    stepRef,
    showStep,
    toggleService,
    chooseMember,
    chooseDate,
    chooseTime,
    reset,
    bookAgain,
    /** Fetches the computed dates and times again (after a lost race, or a booking). */
    refresh: () => setRefreshes((count) => count + 1),
  };
}

export type BookingFlow = ReturnType<typeof useBookingFlow>;
