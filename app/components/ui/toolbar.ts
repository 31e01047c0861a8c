/** A filter bar's text box and select: one height, so the bar lines up with its button (buttonClass('toolbar')). */
export const TOOLBAR_CONTROL = 'h-10 rounded-lg border border-slate-300 bg-white px-3 shadow-sm';
