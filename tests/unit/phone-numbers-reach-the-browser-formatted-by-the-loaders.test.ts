import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { withPhoneCountry } from '#contract/phone';
import { phoneLabels, withPhoneLabels } from '#app/lib/phone-labels.server';
import { phoneFormat } from '#app/lib/phone-labels';

describe('phone labels sent by loaders', () => {
  it('labels every number in the data, however deep, in the business numbering plan', () => {
    const data = {
      items: [
        { from: '+447700900123', to: '+14155550100', customer: { name: 'Jane', phones: ['+447700900124'] } },
        { from: '+447700900123', body: 'Call me' },
      ],
      total: 2,
    };
    const labels = withPhoneCountry('GB', () => phoneLabels(data));
    expect(labels).toEqual({
      '+447700900123': '07700 900123',
      '+447700900124': '07700 900124',
      '+14155550100': '+1 415 555 0100',
    });
    expect(withPhoneCountry('US', () => phoneLabels(data))['+14155550100']).toBe('(415) 555-0100');
  });

  it('labels a number stored with white space before it, ASCII or not', () => {
    const labels = withPhoneCountry('GB', () =>
      phoneLabels({ a: ' +447700900123', b: '\t+447700900124', c: '\u00a0+447700900125', d: '\u3000+447700900126' }),
    );
    expect(Object.keys(labels)).toEqual([
      ' +447700900123',
      '\t+447700900124',
      '\u00a0+447700900125',
      '\u3000+447700900126',
    ]);
  });

  it('leaves names, withheld callers and text around a number alone', () => {
    const labels = withPhoneCountry('GB', () =>
      phoneLabels({ a: 'Jane Doe', b: 'anonymous', c: 'Call John on +447700900111', d: null, e: 3 }),
    );
    expect(labels).toEqual({});
  });

  it('the page shows a labelled number formatted and anything else as stored', () => {
    const data = withPhoneCountry('GB', () => withPhoneLabels({ phone: '+447700900123' }));
    const phone = phoneFormat(data.phoneLabels);
    expect(phone('+447700900123')).toBe('07700 900123');
    expect(phone('Web form')).toBe('Web form');
    expect(phone(null)).toBeNull();
  });

  it('labels from several loaders are read as one map, the deeper route winning, and nothing inherited counts', () => {
    const layout = { '+447700900123': 'layout label', '+447700900124': '07700 900124' };
    const page = { '+447700900123': '07700 900123' };
    const phone = phoneFormat(layout, undefined, page);
    expect(phone('+447700900123')).toBe('07700 900123');
    expect(phone('+447700900124')).toBe('07700 900124');
    expect(phone('constructor')).toBe('constructor');
    expect(phoneFormat()('+447700900123')).toBe('+447700900123');
  });
});

describe('the browser bundle', () => {
  it('no component or browser module formats phone numbers itself (libphonenumber-js stays on the server)', () => {
    const root = path.resolve(__dirname, '../../app');
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(file);
        else if (/\.tsx?$/.test(entry.name) && !/\.server\.tsx?$/.test(entry.name)) {
          const text = fs.readFileSync(file, 'utf8');
          // Route modules may use it in their loader or action (the server build keeps those only).
          const browserPart = /app\/routes\//.test(file)
            ? text.replace(/export (async )?function (loader|action)[\s\S]*?\n}\n/g, '')
            : text;
          if (/formatPhoneNumber\(/.test(browserPart)) offenders.push(path.relative(root, file));
        }
      }
    };
    walk(root);
    expect(offenders).toEqual([]);
  });
});
