/*
 * The notification queue of spec section 9, apart from its Radix view (toast.tsx):
 * one toast at a time, and a dismissed toast is dropped from memory after 1000000 ms.
 * Keeping it free of UI code lets the root watch it cheaply and load the view only
 * once something has been said.
 */
const TOAST_LIMIT = 1;
const TOAST_REMOVE_DELAY_MS = 1_000_000;

export interface ToastInput {
  title: string;
  description?: string;
  variant?: "default" | "destructive";
}

export interface ToastItem extends ToastInput {
  id: number;
  open: boolean;
}

let toasts: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

export function dismissToast(id: number) {
  toasts = toasts.map((item) => (item.id === id ? { ...item, open: false } : item));
  emit();
  setTimeout(() => {
    toasts = toasts.filter((item) => item.id !== id);
    emit();
  }, TOAST_REMOVE_DELAY_MS);
}

export function toast(input: ToastInput) {
  const id = nextId++;
  toasts = [{ ...input, id, open: true }, ...toasts].slice(0, TOAST_LIMIT);
  emit();
  return id;
}

export const subscribeToToasts = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const currentToasts = () => toasts;

const emptyList: ToastItem[] = [];
export const noToasts = () => emptyList;
