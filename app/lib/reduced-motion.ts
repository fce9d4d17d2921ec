/** Whether the visitor asked for less motion. False on the server, where nothing animates. */
export const prefersReducedMotion = () =>
  typeof window !== "undefined" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;

/** `animationend` bubbles: an element's own animation is the one whose target is the element itself. */
export const isOwnAnimationEnd = (event: React.AnimationEvent) => event.target === event.currentTarget;
