import { HONEYPOT_FIELD } from '#app/lib/honeypot';

/**
 * A field people never see and bots fill in. A public form whose honeypot has a value is
 * refused quietly (lib/honeypot.server.ts).
 */

export function Honeypot() {
  return (
    <div aria-hidden className="absolute -left-[9999px] h-px w-px overflow-hidden">
      <label htmlFor={HONEYPOT_FIELD}>Leave this field empty</label>
      <input id={HONEYPOT_FIELD} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}
