import type { VisitorMessage } from '#api/features/systems/web-chat';
import { CHAT_MESSAGE_LIMIT } from '#api/features/systems/web-chat';
import { escapeHtml } from './page';

/**
 * The hosted website chat page (docs/inbox.md#website-chat): plain HTML forms, so it works
 * with JavaScript off (each post comes back to the page, which shows the conversation); with
 * JavaScript, chat.js sends without reloading and polls for replies.
 */
const STYLE = `
*{box-sizing:border-box}
body{margin:0;padding:16px;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#0f172a;background:#f8fafc}
main{max-width:32rem;margin:0 auto;background:#fff;border:1px solid #e2e8f0;border-radius:16px;padding:20px}
h1{font-size:1.25rem;margin:0 0 4px}
.sub{margin:0 0 16px;color:#475569}
label{display:block;font-weight:600;margin:12px 0 4px}
.opt{font-weight:400;color:#64748b}
input,textarea{display:block;width:100%;padding:10px 12px;font:inherit;border:1px solid #94a3b8;border-radius:8px;background:#fff;color:inherit}
input:focus,textarea:focus{outline:3px solid #93c5fd;outline-offset:1px;border-color:#2563eb}
.err{color:#b91c1c;margin:4px 0 0;font-size:.9375rem}
.alert{border:1px solid #fecaca;background:#fef2f2;color:#991b1b;border-radius:8px;padding:12px 16px;margin:0 0 8px}
.hp{position:absolute;left:-10000px;top:auto;width:1px;height:1px;overflow:hidden}
button{margin-top:12px;padding:10px 20px;font:inherit;font-weight:600;color:#fff;background:#1d4ed8;border:0;border-radius:8px;cursor:pointer}
ol{list-style:none;margin:0 0 12px;padding:0;display:flex;flex-direction:column;gap:8px;max-height:60vh;overflow-y:auto}
li{max-width:85%;padding:8px 12px;border-radius:12px;white-space:pre-wrap;overflow-wrap:anywhere}
li.you{align-self:flex-end;background:#1d4ed8;color:#fff}
li.assistant{align-self:flex-start;background:#f1f5f9}
li.team{align-self:flex-start;background:#ecfdf5;border:1px solid #bbf7d0}
.who{display:block;font-size:.8125rem;font-weight:600;opacity:.8}
.empty{color:#64748b}
`;

export type ChatPageInput = {
  businessName: string | null;
  title: string;
  /** Absolute paths. */
  startAction: string;
  sendAction: string;
  messagesUrl: string;
  scriptUrl: string;
  /** Null: the visitor has not introduced themselves yet (the start form is shown). */
  messages: VisitorMessage[] | null;
  values?: Partial<Record<'name' | 'email' | 'phone' | 'message', string>>;
  fieldErrors?: Record<string, string[]>;
  errors?: string[];
};

function field(
  name: 'name' | 'email' | 'phone' | 'message',
  label: string,
  input: ChatPageInput,
  options: {
    type?: string;
    autocomplete?: string;
    required?: boolean;
    optional?: boolean;
    maxLength: number;
    textarea?: boolean;
  },
): string {
  const id = `chat-${name}`;
  const errors = input.fieldErrors?.[name] ?? [];
  const value = input.values?.[name] ?? '';
  const described = errors.length ? ` aria-describedby="${id}-error" aria-invalid="true"` : '';
  const common = `id="${id}" name="${name}" maxlength="${options.maxLength}"${options.required ? ' required' : ''}${options.autocomplete ? ` autocomplete="${options.autocomplete}"` : ''}${described}`;
  const control = options.textarea
    ? `<textarea ${common} rows="3">${escapeHtml(value)}</textarea>`
    : `<input ${common} type="${options.type ?? 'text'}" value="${escapeHtml(value)}">`;
  const error = errors.length ? `<p class="err" id="${id}-error">${errors.map(escapeHtml).join(' ')}</p>` : '';
  return `<label for="${id}">${escapeHtml(label)}${options.optional ? ' <span class="opt">(optional)</span>' : ''}</label>\n${control}\n${error}`;
}

const whoLabel = (message: VisitorMessage) =>
  message.author === 'you' ? 'You' : message.author === 'team' ? (message.name ?? 'Team') : 'Assistant';

export function renderChatMessages(messages: VisitorMessage[]): string {
  if (messages.length === 0) return '';
  return messages
    .map(
      (message) =>
        `<li class="${message.author}" data-id="${escapeHtml(message._id)}"><span class="who">${escapeHtml(whoLabel(message))}</span>${escapeHtml(message.body)}</li>`,
    )
    .join('\n');
}

export function renderChatPage(input: ChatPageInput): string {
  const errors = input.errors ?? [];
  const alert = errors.length
    ? `<div class="alert" role="alert">${errors.map((error) => `<p>${escapeHtml(error)}</p>`).join('')}</div>`
    : '';
  const heading = `<h1>${escapeHtml(input.title)}</h1>${input.businessName ? `\n<p class="sub">${escapeHtml(input.businessName)}</p>` : ''}`;
  const body =
    input.messages === null
      ? `<form method="post" action="${escapeHtml(input.startAction)}" aria-label="Start the chat">
<p>Tell us who you are, so we can reply even after you leave this page.</p>
${field('name', 'Name', input, { autocomplete: 'name', required: true, maxLength: 100 })}
${field('email', 'Email', input, { type: 'email', autocomplete: 'email', optional: true, maxLength: 100 })}
${field('phone', 'Phone', input, { type: 'tel', autocomplete: 'tel', optional: true, maxLength: 30 })}
${field('message', 'Message', input, { textarea: true, optional: true, maxLength: CHAT_MESSAGE_LIMIT })}
<div class="hp" aria-hidden="true"><label for="chat-website">Leave this empty</label><input id="chat-website" name="website" tabindex="-1" autocomplete="off"></div>
<button type="submit">Start chat</button>
</form>`
      : `<ol id="chat-log" aria-live="polite" aria-label="Conversation" data-messages-url="${escapeHtml(input.messagesUrl)}">
${renderChatMessages(input.messages)}
</ol>
${input.messages.length === 0 ? '<p class="empty" id="chat-empty">Ask us anything: the assistant answers straight away.</p>' : ''}
<form method="post" action="${escapeHtml(input.sendAction)}" id="chat-form" aria-label="Send a message">
${field('message', 'Your message', input, { textarea: true, required: true, maxLength: CHAT_MESSAGE_LIMIT })}
<button type="submit">Send</button>
</form>
<script src="${escapeHtml(input.scriptUrl)}" defer></script>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(input.title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${heading}
${alert}
${body}
</main>
</body>
</html>
`;
}

/**
 * The page's script: sends the message form as JSON (no reload) and polls the messages call
 * every few seconds, re-rendering the list from the server's HTML-free JSON.
 */
export const CHAT_SCRIPT = `(function () {
  var log = document.getElementById('chat-log');
  var form = document.getElementById('chat-form');
  if (!log || !form) return;
  var url = log.getAttribute('data-messages-url');
  var busy = false;
  function label(m) { return m.author === 'you' ? 'You' : m.author === 'team' ? (m.name || 'Team') : 'Assistant'; }
  function render(messages) {
    var seen = {};
    Array.prototype.forEach.call(log.children, function (li) { seen[li.getAttribute('data-id')] = true; });
    messages.forEach(function (m) {
      if (seen[m._id]) return;
      var li = document.createElement('li');
      li.className = m.author;
      li.setAttribute('data-id', m._id);
      var who = document.createElement('span');
      who.className = 'who';
      who.textContent = label(m);
      li.appendChild(who);
      li.appendChild(document.createTextNode(m.body));
      log.appendChild(li);
      log.scrollTop = log.scrollHeight;
    });
    var empty = document.getElementById('chat-empty');
    if (empty && messages.length) empty.remove();
  }
  function poll() {
    fetch(url, { headers: { Accept: 'application/json' }, credentials: 'same-origin' })
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (body) { if (body && body.data) render(body.data.messages); })
      .catch(function () {});
  }
  form.addEventListener('submit', function (event) {
    event.preventDefault();
    if (busy) return;
    var box = form.querySelector('textarea');
    var text = box.value.trim();
    if (!text) return;
    busy = true;
    var old = form.querySelector('.err');
    if (old) old.remove();
    fetch(form.getAttribute('action'), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      credentials: 'same-origin',
      body: JSON.stringify({ message: text })
    })
      .then(function (r) { return r.json().then(function (body) { return { ok: r.ok, body: body }; }); })
      .then(function (res) {
        if (res.ok) { box.value = ''; render(res.body.data.messages); return; }
        var p = document.createElement('p');
        p.className = 'err';
        p.setAttribute('role', 'alert');
        p.textContent = (res.body.errors || ['The message was not sent.']).join(' ');
        box.insertAdjacentElement('afterend', p);
      })
      .catch(function () {})
      .then(function () { busy = false; });
  });
  log.scrollTop = log.scrollHeight;
  setInterval(poll, 3000);
})();
`;
