import http from 'node:http';

/**
 * A stand-in for an OpenAI-compatible chat API in the e2e run (ASSISTANT_BASE_URL points
 * here): POST /v1/chat/completions answers with server-sent chunks a few words apart, so a
 * test can watch a reply arrive in pieces in the browser. Nothing else in the suite uses
 * it: businesses keep the built-in assistant unless a test switches one over.
 */
const port = Number(process.env.MOCK_MODEL_PORT ?? 3299);
const GAP_MS = Number(process.env.MOCK_MODEL_GAP_MS ?? 120);

type ChatMessage = { role: string; content?: string | null };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function replyTo(messages: ChatMessage[]): string {
  const question =
    [...messages]
      .reverse()
      .find((message) => message.role === 'user')
      ?.content?.trim() || 'your question';
  return `Thanks for asking about "${question.slice(0, 80)}". This answer comes from the slow test model, a few words at a time, so you can watch it arrive.`;
}

const server = http.createServer((req, res) => {
  if (req.method === 'GET' && (req.url === '/healthz' || req.url === '/v1/models')) {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ object: 'list', data: [{ id: 'e2e-slow-model', object: 'model' }] }));
    return;
  }
  if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: { message: 'Not found' } }));
    return;
  }
  let raw = '';
  req.setEncoding('utf8');
  req.on('data', (chunk: string) => (raw += chunk));
  req.on('end', async () => {
    let body: { stream?: boolean; messages?: ChatMessage[]; model?: string } = {};
    try {
      body = JSON.parse(raw);
    } catch {
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: 'Invalid JSON' } }));
      return;
    }
    const text = replyTo(body.messages ?? []);
    const model = body.model ?? 'e2e-slow-model';
    if (!body.stream) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          id: 'cmpl-e2e',
          object: 'chat.completion',
          model,
          choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }],
        }),
      );
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    const send = (delta: Record<string, unknown>, finish: string | null = null) =>
      res.write(
        `data: ${JSON.stringify({ id: 'cmpl-e2e', object: 'chat.completion.chunk', model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`,
      );
    send({ role: 'assistant', content: '' });
    for (const piece of text.match(/\S+\s*/g) ?? []) {
      if (res.destroyed) return;
      send({ content: piece });
      await sleep(GAP_MS);
    }
    send({}, 'stop');
    res.end('data: [DONE]\n\n');
  });
});

server.listen(port, '127.0.0.1', () => console.log(`mock model on http://127.0.0.1:${port}/v1`));
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.close(() => process.exit(0)));
