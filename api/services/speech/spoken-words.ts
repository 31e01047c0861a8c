import { ONES, TENS } from '#api/lib/number-words';

/**
 * Written text as the words a caller would say: what a recogniser's language model and
 * dictionary need ("£45" is "forty five pounds", "9am" is "nine a m", "BS8" is "b s eight").
 */
const ORDINALS: Record<string, string> = {
  one: 'first',
  two: 'second',
  three: 'third',
  five: 'fifth',
  eight: 'eighth',
  nine: 'ninth',
  twelve: 'twelfth',
};

/** 0..999,999 in words ("two thousand one hundred and ninety five"); longer numbers digit by digit, as phone numbers are read. */
export function numberWords(value: number): string {
  if (!Number.isInteger(value) || value < 0 || value >= 1_000_000)
    return String(value)
      .split('')
      .map((digit) => ONES[Number(digit)] ?? '')
      .filter(Boolean)
      .join(' ');
  if (value < 20) return ONES[value]!;
  if (value < 100) return [TENS[Math.floor(value / 10)], value % 10 ? ONES[value % 10] : ''].filter(Boolean).join(' ');
  if (value < 1000)
    return [`${ONES[Math.floor(value / 100)]} hundred`, value % 100 ? `and ${numberWords(value % 100)}` : '']
      .filter(Boolean)
      .join(' ');
  const thousands = Math.floor(value / 1000);
  const rest = value % 1000;
  return [
    `${numberWords(thousands)} thousand`,
    rest ? (rest < 100 ? `and ${numberWords(rest)}` : numberWords(rest)) : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/** "twenty four" → "twenty fourth". */
export function ordinalWords(value: number): string {
  const words = numberWords(value).split(' ');
  const last = words.pop()!;
  const ordinal = ORDINALS[last] ?? (last.endsWith('y') ? `${last.slice(0, -1)}ieth` : `${last}th`);
  return [...words, ordinal].join(' ');
}

const digitsToWords = (digits: string) =>
  digits.length > 4 || digits.startsWith('0')
    ? digits
        .split('')
        .map((digit) => ONES[Number(digit)])
        .join(' ')
    : numberWords(Number(digits));

/** The words of a text as spoken, lower case: numbers, prices, times, percentages and codes such as postcodes spelled out. */
export function spokenWords(text: string): string[] {
  const spoken = text
    .replace(/&/g, ' and ')
    .replace(/[£$€]\s?(\d[\d,]*)(?:\.(\d\d))?/g, (_, whole: string, pence?: string) => {
      const currency = text.includes('$') ? 'dollars' : text.includes('€') ? 'euros' : 'pounds';
      return ` ${numberWords(Number(whole.replace(/,/g, '')))} ${currency}${pence && pence !== '00' ? ` ${numberWords(Number(pence))}` : ''} `;
    })
    .replace(
      /(\d+)(?::(\d\d))?\s?([ap])\.?m\b\.?/gi,
      (_, hour: string, minutes: string | undefined, half: string) =>
        ` ${numberWords(Number(hour))}${minutes && minutes !== '00' ? ` ${Number(minutes) < 10 ? `o ${numberWords(Number(minutes))}` : numberWords(Number(minutes))}` : ''} ${half.toLowerCase()} m `,
    )
    .replace(/(\d+)%/g, (_, value: string) => ` ${numberWords(Number(value))} percent `)
    .replace(/\b(\d+)(st|nd|rd|th)\b/gi, (_, value: string) => ` ${ordinalWords(Number(value))} `)
    .replace(/(\d),(\d{3})\b/g, '$1$2')
    // Codes mixing letters and digits (BS8, LS3 1HA, A1) are read letter by letter.
    .replace(/\b(?=[a-z]*\d)(?=\d*[a-z])([a-z0-9]{2,8})\b/gi, (code: string) => ` ${code.split('').join(' ')} `)
    .replace(/\d+/g, (digits) => ` ${digitsToWords(digits)} `);
  return spoken.toLowerCase().match(/[a-z]+(?:'[a-z]+)?/g) ?? [];
}
