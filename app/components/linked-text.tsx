import { Link } from '@remix-run/react';
import { Fragment } from 'react';
import { matchDashboardRoute } from '#contract/routes';

/** An in-app path written into text (the assistant writes "Conversation: /dashboard/assistant-conversations/…"). */
const IN_APP_PATH = /\/dashboard\/[A-Za-z0-9_-]+(?:\/[A-Za-z0-9_-]+)*/g;

/**
 * Text with the app's own pages as links: only paths of the dashboard's route table
 * become links (anything else, and every character of the text, stays plain text that
 * React escapes), so a task or notification can point at a page without any HTML in it.
 */
export function LinkedText({ text }: { text: string }) {
  const parts: React.ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(IN_APP_PATH)) {
    const path = match[0];
    const at = match.index ?? 0;
    if (!matchDashboardRoute(path)) continue;
    parts.push(text.slice(last, at));
    parts.push(
      <Link key={at} to={path} className="font-medium text-brand-600 underline" data-testid="in-app-link">
        {linkLabel(path)}
      </Link>,
    );
    last = at + path.length;
  }
  parts.push(text.slice(last));
  return (
    <>
      {parts.map((part, index) => (
        <Fragment key={index}>{part}</Fragment>
      ))}
    </>
  );
}

const LABELS: Record<string, string> = {
  'assistant-conversations': 'open the conversation',
  customers: 'open the contact',
  notes: 'open the note',
  calls: 'open the call',
  sms: 'open the SMS',
  forms: 'open the form',
  memories: 'open the memory',
  orders: 'open the order',
  services: 'open the service',
  actions: 'open the action',
};

/** What the link says: the kind of page it opens, else its path. */
function linkLabel(path: string): string {
  const section = path.split('/')[2] ?? '';
  return LABELS[section] ?? path;
}
