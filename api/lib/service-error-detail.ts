/**
 * Why an OpenAI-compatible server (a chat model, a speech service) refused a request, in its own
 * words: its JSON error's message, or the body's text, on one line and at most `max` characters.
 * Empty when the body cannot be read: the status says enough then.
 */
export async function serviceErrorDetail(response: Response, max = 300): Promise<string> {
  let detail = '';
  try {
    const body = await response.text();
    try {
      const json = JSON.parse(body) as { error?: string | { message?: string }; message?: string; detail?: string };
      detail = typeof json.error === 'string' ? json.error : (json.error?.message ?? json.message ?? json.detail ?? '');
    } catch {
      detail = body;
    }
  } catch {
    // The body could not be read.
  }
  const flat = detail.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}
