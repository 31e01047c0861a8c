/**
 * GET …/embed.js: renders the lead catcher form into every `<div data-leadcatcher="{id}">`
 * of the page that loads it, posts it as JSON with fetch, and shows the success message or
 * the messages next to their fields. Plain ES5 with no globals; styled through the CSSOM
 * (a host page's CSP may forbid style attributes). Without fetch the form simply posts
 * (the same fields as the plain HTML form), and any failure leaves the page as it was.
 */
export type EmbedConfig = { id: string; submit: string; formName: string; success: string };

const SCRIPT = String.raw`(function () {
  'use strict';
  var CONFIG = __CONFIG__;
  var NETWORK = 'You might be offline.';
  var CHECK = 'Check the fields marked below.';
  var submitUrl = CONFIG.submit;
  try {
    var current = document.currentScript;
    if (current && current.src && window.URL) submitUrl = new URL('submit', current.src).href;
  } catch (ignored) {}
  var FIELDS = [
    { name: 'name', label: 'Name', type: 'text', autocomplete: 'name', required: true, max: 100 },
    { name: 'email', label: 'Email', type: 'email', autocomplete: 'email', max: 100 },
    { name: 'phone', label: 'Phone', type: 'tel', autocomplete: 'tel', max: 30 },
    { name: 'message', label: 'Message', textarea: true, max: 5000 }
  ];
  var counter = 0;

  function el(tag, attrs, text, css) {
    var node = document.createElement(tag);
    for (var key in attrs) if (Object.prototype.hasOwnProperty.call(attrs, key)) node.setAttribute(key, attrs[key]);
    if (text) node.textContent = text;
    if (css) node.style.cssText = css;
    return node;
  }

  function render(container) {
    if (container.getAttribute('data-leadcatcher-ready')) return;
    container.setAttribute('data-leadcatcher-ready', '1');
    var uid = 'leadcatcher-' + CONFIG.id + '-' + (++counter) + '-';
    var form = el('form', { method: 'post', action: submitUrl, 'aria-label': CONFIG.formName, 'class': 'leadcatcher-form' });
    var alertBox = el('div', { role: 'alert', 'class': 'leadcatcher-alert' }, '', 'color:#b91c1c;margin:0 0 8px');
    form.appendChild(alertBox);
    var inputs = {};
    var errorsOf = {};
    for (var i = 0; i < FIELDS.length; i++) {
      var f = FIELDS[i];
      var id = uid + f.name;
      var wrap = el('div', { 'class': 'leadcatcher-field' }, '', 'margin:0 0 12px');
      wrap.appendChild(el('label', { 'for': id }, f.label + (f.required ? '' : ' (optional)'), 'display:block;font-weight:600;margin:0 0 4px'));
      var input = f.textarea
        ? el('textarea', { id: id, name: f.name, rows: '4', maxlength: String(f.max) }, '', 'display:block;width:100%;box-sizing:border-box;font:inherit;padding:8px')
        : el('input', { id: id, name: f.name, type: f.type, autocomplete: f.autocomplete, maxlength: String(f.max) }, '', 'display:block;width:100%;box-sizing:border-box;font:inherit;padding:8px');
      if (f.required) input.required = true;
      var error = el('p', { id: id + '-error', 'class': 'leadcatcher-error' }, '', 'color:#b91c1c;margin:4px 0 0');
      error.hidden = true;
      wrap.appendChild(input);
      wrap.appendChild(error);
      form.appendChild(wrap);
      inputs[f.name] = input;
      errorsOf[f.name] = error;
    }
    var trap = el('div', { 'aria-hidden': 'true' }, '', 'position:absolute;left:-10000px;top:auto;width:1px;height:1px;overflow:hidden');
    trap.appendChild(el('label', { 'for': uid + 'website' }, 'Leave this empty'));
    var honeypot = el('input', { id: uid + 'website', name: 'website', tabindex: '-1', autocomplete: 'off' });
    trap.appendChild(honeypot);
    form.appendChild(trap);
    var button = el('button', { type: 'submit' }, 'Send');
    form.appendChild(button);

    function clear() {
      alertBox.textContent = '';
      for (var name in inputs) {
        inputs[name].removeAttribute('aria-invalid');
        inputs[name].removeAttribute('aria-describedby');
        errorsOf[name].textContent = '';
        errorsOf[name].hidden = true;
      }
    }

    function showErrors(body) {
      var fieldErrors = (body && body.field_errors) || {};
      var shown = {};
      var first = null;
      for (var name in fieldErrors) {
        if (!inputs[name] || !fieldErrors[name] || !fieldErrors[name].length) continue;
        errorsOf[name].textContent = fieldErrors[name].join(' ');
        errorsOf[name].hidden = false;
        inputs[name].setAttribute('aria-invalid', 'true');
        inputs[name].setAttribute('aria-describedby', errorsOf[name].id);
        for (var j = 0; j < fieldErrors[name].length; j++) shown[fieldErrors[name][j]] = true;
        if (!first) first = inputs[name];
      }
      var rest = [];
      var errors = (body && body.errors) || [];
      for (var k = 0; k < errors.length; k++) if (!shown[errors[k]]) rest.push(errors[k]);
      alertBox.textContent = rest.length ? rest.join(' ') : first ? CHECK : NETWORK;
      if (first) first.focus();
    }

    function done(body) {
      var message = (body && body.messages && body.messages[0]) || CONFIG.success;
      var note = el('p', { role: 'status', tabindex: '-1', 'class': 'leadcatcher-success' }, message);
      container.replaceChild(note, form);
      note.focus();
    }

    form.addEventListener('submit', function (event) {
      if (!window.fetch || !window.JSON) return;
      event.preventDefault();
      clear();
      var payload = { website: honeypot.value, page_url: String(window.location.href) };
      for (var name in inputs) payload[name] = inputs[name].value;
      button.disabled = true;
      window
        .fetch(submitUrl, {
          method: 'POST',
          mode: 'cors',
          credentials: 'omit',
          headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
          body: JSON.stringify(payload)
        })
        .then(function (response) {
          return response.json().then(
            function (body) { return { ok: response.ok, body: body }; },
            function () { return { ok: response.ok, body: {} }; }
          );
        })
        .then(
          function (result) {
            button.disabled = false;
            if (result.ok) done(result.body);
            else showErrors(result.body);
          },
          function () {
            button.disabled = false;
            alertBox.textContent = NETWORK;
          }
        );
    });
    container.appendChild(form);
  }

  function start() {
    try {
      var nodes = document.querySelectorAll('[data-leadcatcher="' + CONFIG.id + '"]');
      for (var n = 0; n < nodes.length; n++) render(nodes[n]);
    } catch (ignored) {}
  }

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})();
`;

/** The config is JSON with <, > and & escaped, so no value can end the script or inject markup. */
export function renderEmbedScript(config: EmbedConfig): string {
  const json = JSON.stringify(config).replace(
    /[<>&\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  return SCRIPT.replace('__CONFIG__', () => json);
}
