const VARIANT = {
  /** The page's main action (New contact, Save). */
  primary: 'rounded-lg bg-brand-600 px-4 py-2 font-medium text-white shadow-sm hover:bg-brand-700',
  /** A secondary action beside it (Edit, Merge). */
  secondary: 'rounded-lg border border-slate-300 px-3 py-2 font-medium hover:bg-slate-50',
  /** A destructive action (Delete), before its confirmation. */
  danger: 'rounded-lg border border-red-300 px-3 py-2 font-medium text-red-700 hover:bg-red-50',
  /** A filter bar's button, as tall as the bar's inputs. */
  toolbar: 'h-10 rounded-lg border border-slate-300 bg-white px-4 font-medium shadow-sm hover:bg-slate-50',
} as const;

export type ButtonVariant = keyof typeof VARIANT;

/** The button look, for a Link or button: the page's actions share these four. */
export function buttonClass(variant: ButtonVariant = 'primary', className?: string): string {
  return className ? `${VARIANT[variant]} ${className}` : VARIANT[variant];
}
