import type { LeadFields } from '#api/features/systems/lead-form';

/**
 * The hosted form page (GET …/form) and the page a plain form post comes back to when it
 * is refused: HTML with no script at all, so it works with JavaScript off and under the
 * strictest policy. Every value shown is escaped.
 */
export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] as string,
  );
}

const STYLE = `
*{box-sizing:border-box}
body{margin:0;padding:24px 16px;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#0f172a;background:#f8fafc}
main{max-width:32rem;margin:0 auto;background:#fff;border:1px solid #e2e8f0;border-radius:16px;padding:24px}
h1{font-size:1.375rem;margin:0 0 4px}
.sub{margin:0 0 20px;color:#475569}
label{display:block;font-weight:600;margin:16px 0 4px}
.opt{font-weight:400;color:#64748b}
input,textarea{display:block;width:100%;padding:10px 12px;font:inherit;border:1px solid #94a3b8;border-radius:8px;background:#fff;color:inherit}
input:focus,textarea:focus{outline:3px solid #93c5fd;outline-offset:1px;border-color:#2563eb}
[aria-invalid=true]{border-color:#b91c1c}
.err{color:#b91c1c;margin:4px 0 0;font-size:.9375rem}
.alert{border:1px solid #fecaca;background:#fef2f2;color:#991b1b;border-radius:8px;padding:12px 16px;margin:0 0 8px}
.alert ul{margin:0;padding-left:20px}
.ok{border:1px solid #bbf7d0;background:#f0fdf4;color:#166534;border-radius:8px;padding:16px;margin:0 0 16px}
.hp{position:absolute;left:-10000px;top:auto;width:1px;height:1px;overflow:hidden}
button{margin-top:20px;padding:10px 20px;font:inherit;font-weight:600;color:#fff;background:#1d4ed8;border:0;border-radius:8px;cursor:pointer}
button:focus{outline:3px solid #93c5fd;outline-offset:2px}
a{color:#1d4ed8}
`;

function document(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

export type FormPageInput = {
  formName: string;
  businessName: string | null;
  /** Where the form posts (the submit URL, absolute path). */
  action: string;
  /** The page that is shown again after a send (the form page, absolute path). */
  formPath: string;
  values?: Partial<LeadFields>;
  fieldErrors?: Record<string, string[]>;
  errors?: string[];
  /** After a successful send (?sent=1): the system's success message instead of the form. */
  sent?: string | null;
};

function field(
  name: keyof LeadFields,
  label: string,
  input: FormPageInput,
  options: {
    type?: string;
    autocomplete?: string;
    required?: boolean;
    optional?: boolean;
    textarea?: boolean;
    maxLength?: number;
  },
): string {
  const id = `lc-${name}`;
  const errors = input.fieldErrors?.[name] ?? [];
  const value = input.values?.[name] ?? '';
  const describedBy = errors.length ? ` aria-describedby="${id}-error" aria-invalid="true"` : '';
  const common = `id="${id}" name="${name}"${options.required ? ' required' : ''}${options.maxLength ? ` maxlength="${options.maxLength}"` : ''}${options.autocomplete ? ` autocomplete="${options.autocomplete}"` : ''}${describedBy}`;
  const control = options.textarea
    ? `<textarea ${common} rows="5">${escapeHtml(value)}</textarea>`
    : `<input ${common} type="${options.type ?? 'text'}" value="${escapeHtml(value)}">`;
  const error = errors.length ? `<p class="err" id="${id}-error">${errors.map(escapeHtml).join(' ')}</p>` : '';
  return `<label for="${id}">${escapeHtml(label)}${options.optional ? ' <span class="opt">(optional)</span>' : ''}</label>\n${control}\n${error}`;
}

export function renderFormPage(input: FormPageInput): string {
  const heading = `<h1>${escapeHtml(input.formName)}</h1>${input.businessName ? `\n<p class="sub">${escapeHtml(input.businessName)}</p>` : ''}`;
  if (input.sent) {
    return document(
      input.formName,
      `${heading}\n<p class="ok" role="status">${escapeHtml(input.sent)}</p>\n<p><a href="${escapeHtml(input.formPath)}">Send another message</a></p>`,
    );
  }
  const errors = input.errors ?? [];
  const alert = errors.length
    ? `<div class="alert" role="alert"><ul>${errors.map((error) => `<li>${escapeHtml(error)}</li>`).join('')}</ul></div>`
    : '';
  const form = `<form method="post" action="${escapeHtml(input.action)}" aria-label="${escapeHtml(input.formName)}">
${field('name', 'Name', input, { autocomplete: 'name', required: true, maxLength: 100 })}
${field('email', 'Email', input, { type: 'email', autocomplete: 'email', optional: true, maxLength: 100 })}
${field('phone', 'Phone', input, { type: 'tel', autocomplete: 'tel', optional: true, maxLength: 30 })}
${field('message', 'Message', input, { textarea: true, optional: true, maxLength: 5000 })}
<div class="hp" aria-hidden="true"><label for="lc-website">Leave this empty</label><input id="lc-website" name="website" tabindex="-1" autocomplete="off"></div>
<p class="sub">Leave an email or a phone number so we can reply.</p>
<button type="submit">Send</button>
</form>`;
  return document(input.formName, `${heading}\n${alert}\n${form}`);
}

/** A refusal for a plain form post (origin refused, too many submissions, no such form). */
export function renderMessagePage(title: string, message: string): string {
  return document(title, `<h1>${escapeHtml(title)}</h1>\n<p class="alert" role="alert">${escapeHtml(message)}</p>`);
}
