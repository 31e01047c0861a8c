/**
 * The AudioWorklet module of push-to-talk (app/components/assistant/voice.tsx): it passes
 * each block of microphone samples to the page. Served from our origin, so the nonce CSP's
 * script-src 'self' allows it (a blob: module would need the policy widened).
 */
const SOURCE = `
class PcmCapture extends AudioWorkletProcessor {
  process(inputs) {
    const channel = inputs[0] && inputs[0][0];
    if (channel && channel.length) this.port.postMessage(channel.slice(0));
    return true;
  }
}
registerProcessor('pcm-capture', PcmCapture);
`;

export const loader = () =>
  new Response(SOURCE, {
    headers: { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'public, max-age=3600' },
  });
