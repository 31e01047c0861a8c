import type { ApiSystem } from '#contract/v1/systems';
import { Card } from '#app/components/ui/card';
import { Snippet } from '#app/routes/dashboard+/systems+/__copy-button';

/**
 * A lead catcher's website chat (docs/inbox.md#website-chat): its short link (/chat/<id>,
 * which redirects to the API's page), the page itself and the iframe snippet. Shown for as
 * long as the system exists, not only while its install step is to do, so owners can always
 * find them again.
 */
export function WebsiteChat({ system }: { system: ApiSystem }) {
  const data = system.setup_steps.find((step) => step.key === 'install')?.data ?? {};
  const pageUrl = typeof data.chat === 'string' ? data.chat : null;
  const iframe = typeof data.chat_iframe === 'string' ? data.chat_iframe : null;
  if (!pageUrl) return null;
  const shortUrl = `${new URL(pageUrl).origin}/chat/${encodeURIComponent(system._id)}`;
  return (
    <Card
      as="section"
      aria-labelledby="website-chat-heading"
      className="flex flex-col gap-3"
      data-testid="website-chat"
    >
      <div>
        <h2 id="website-chat-heading" className="text-lg font-semibold">
          Website chat
        </h2>
        <p className="text-sm text-slate-600">
          Visitors chat with the assistant and your team; their messages arrive in the inbox.
        </p>
      </div>
      <Snippet title="Chat link" text={shortUrl} testId="chat-short-link" />
      <p className="text-sm">
        Share the link, or open the{' '}
        <a
          href={pageUrl}
          className="text-brand-600 underline"
          target="_blank"
          rel="noreferrer"
          data-testid="hosted-chat-link"
        >
          hosted chat page
        </a>
        .
      </p>
      {iframe ? <Snippet title="Chat (iframe)" text={iframe} testId="snippet-chat" /> : null}
    </Card>
  );
}
