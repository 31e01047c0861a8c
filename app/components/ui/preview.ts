/**
 * A row's text: beside the label on a wide screen; on a phone its own full-width line after
 * the label, contact and time, wrapping rather than being cut to a few characters. Shared by
 * the timeline and the conversation list, which loads none of the timeline's widgets.
 */
export const PREVIEW_CLASS =
  'order-last min-w-0 basis-full break-words text-slate-600 sm:order-none sm:basis-0 sm:flex-1 sm:truncate';
