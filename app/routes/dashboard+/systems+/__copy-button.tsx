import { useEffect, useState } from 'react';

/**
 * Copies a snippet to the clipboard. Rendered only once JavaScript runs (without it the
 * snippet is selectable text in its <pre>), and says "Copied" for a moment.
 */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const [ready, setReady] = useState(false);
  const [copied, setCopied] = useState(false);
  useEffect(() => setReady(true), []);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);
  if (!ready) return null;
  return (
    <button
      type="button"
      className="rounded-lg border border-slate-300 bg-white px-3 py-1 text-sm font-medium text-slate-800 hover:bg-slate-50"
      onClick={() => {
        void navigator.clipboard
          ?.writeText(text)
          .then(() => setCopied(true))
          .catch(() => setCopied(false));
      }}
    >
      <span aria-live="polite">{copied ? 'Copied' : label}</span>
    </button>
  );
}

/** A snippet to paste somewhere else, with its copy button (zod-free: the website chat shows it beside the deferred setup steps). */
export function Snippet({ title, text, testId }: { title: string; text: string; testId: string }) {
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-center justify-between gap-2">
        <span className="text-sm font-medium text-slate-700">{title}</span>
        <CopyButton text={text} label={`Copy ${title.toLowerCase()}`} />
      </div>
      {/* Focusable so a keyboard can scroll the long lines (a scrollable region needs keyboard access). */}
      <pre
        className="overflow-x-auto rounded-lg bg-slate-900 p-3 text-xs text-slate-100"
        data-testid={testId}
        tabIndex={0}
        aria-label={title}
      >
        <code>{text}</code>
      </pre>
    </div>
  );
}
